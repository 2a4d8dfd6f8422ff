// Runs uap-host.exe under Wine on a pseudo-terminal (util-linux's `script`), so that it writes to a
// Wine console rather than a pipe, and checks that a message holding a Japanese project path shows
// as Japanese: the console reads bytes in its own code page (437, or 932 under a Japanese locale)
// unless the host switches it to UTF-8. Environment: UAP_HOST_EXE, UAP_WINE.
import { spawnSync } from 'node:child_process';
import { check } from '../mcp/node/harness.mjs';

for (const name of ['UAP_HOST_EXE', 'UAP_WINE'])
  if (!process.env[name]) throw new Error(`environment variable ${name} is not set (run through ctest)`);

// Short, so that the console (80 columns) does not wrap it; it need not exist.
const folder = `日本語プロジェクト${process.pid}`;
const quote = (word) => `'${word.replaceAll("'", "'\\''")}'`;
const command = [process.env.UAP_WINE, process.env.UAP_HOST_EXE, 'integrations', '--project', `Z:\\${folder}`].map(quote).join(' ');
const run = spawnSync('script', ['--quiet', '--return', '--command', command, '/dev/null'],
                      { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120000 });
if (run.error) throw run.error;
// The console draws with escape sequences (cursor moves, hidden cursor, a space as "erase, move right").
const screen = run.stdout.toString('utf8').replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\x1b\][^\x07]*\x07/g, '');
check(run.status === 1, `uap-host.exe refuses the missing project with exit code 1 (got ${run.status})`);
check(screen.includes(folder), `the console shows the Japanese path ${folder}, not mojibake: ${JSON.stringify(screen.slice(-400))}`);
