# Stores the host's current tree as "expected" for each fixture message. Run it only after
# checking each printed tree by eye (build/release/bin/uap_markdown_dump fixtures/messages.json).
import json, pathlib, subprocess, sys

here = pathlib.Path(__file__).parent
fixture_path = here / "fixtures" / "messages.json"
dump = sys.argv[1] if len(sys.argv) > 1 else str(here.parents[1] / "build" / "release" / "bin" / "uap_markdown_dump")
lines = subprocess.run([dump, str(fixture_path)], check=True, capture_output=True, text=True).stdout.splitlines()
trees = {entry["name"]: entry["tree"] for entry in map(json.loads, lines)}
fixture = json.loads(fixture_path.read_text())
for message in fixture["messages"]:
    message["expected"] = trees[message["name"]]
fixture_path.write_text(json.dumps(fixture, ensure_ascii=False, indent=1) + "\n")
print(f"wrote {len(trees)} expected trees")
