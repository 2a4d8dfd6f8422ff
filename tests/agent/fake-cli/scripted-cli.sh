#!/bin/bash
# A scripted stand-in for the claude CLI, for what the real one cannot be made to do on demand:
# garbage and partial lines, a huge line, sudden exits, and a permission request on demand. It logs its arguments to
# $FAKE_CLI_LOG (one line per start) and behaves as $FAKE_CLI_MODE says.
echo "$*" >> "${FAKE_CLI_LOG:-/dev/null}"

# The answer to the host's initialize request $1, reporting CLI version $2.
reply_to_initialize() {
  echo "{\"type\":\"control_response\",\"response\":{\"subtype\":\"success\",\"request_id\":\"$1\",\"response\":{\"claude_code_version\":\"$2\"}}}"
}

# A session $1 of CLI version $2: the init line, the initialize answer, and every other stdin line
# handed to the function $3 with the line and its request id (empty when it has none).
serve_session() {
  echo "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"$1\",\"model\":\"fake-model\",\"permissionMode\":\"default\"}"
  while IFS= read -r line; do
    id=""
    [[ $line =~ \"request_id\":\"([^\"]+)\" ]] && id="${BASH_REMATCH[1]}"
    case "$line" in
      *'"subtype":"initialize"'*) reply_to_initialize "$id" "$2" ;;
      *) "$3" "$line" "$id" ;;
    esac
  done
}

ignore_line() { :; }

refuse_mcp_reconnect() {
  case "$1" in
    *'"subtype":"mcp_reconnect"'*)
      echo "{\"type\":\"control_response\",\"response\":{\"subtype\":\"error\",\"request_id\":\"$2\",\"error\":\"Unsupported control request subtype: mcp_reconnect\"}}"
      ;;
  esac
}

# Asks to Write Assets/Docs/a.txt for every user message (suggesting no rule, as the CLI does for a
# Write), logs every answer to $FAKE_CLI_LOG.reply and ends the turn.
ask_to_write() {
  case "$1" in
    *'"type":"user"'*)
      echo '{"type":"control_request","request_id":"cli-ask-1","request":{"subtype":"can_use_tool","tool_name":"Write","input":{"file_path":"Assets/Docs/a.txt","content":"x"},"tool_use_id":"toolu_ask_1","permission_suggestions":[]}}'
      ;;
    *'"type":"control_response"'*)
      echo "$1" >> "${FAKE_CLI_LOG:-/dev/null}.reply"
      echo '{"type":"result","subtype":"success","is_error":false,"result":"written","session_id":"fake-ask","usage":{"input_tokens":1,"output_tokens":1}}'
      ;;
  esac
}
answer_from_file() {
  case "$1" in
    *'"type":"user"'*) cat "$FAKE_CLI_ANSWER_FILE" ;;
  esac
}
# Answers a user message $1 as a turn of the real CLI: init, an answer and a result with usage.
turn_number=0
answer_with_init() {
  case "$1" in
    *'"type":"user"'*)
      turn_number=$((turn_number + 1))
      echo "{\"type\":\"system\",\"subtype\":\"init\",\"session_id\":\"fake-turns\",\"model\":\"fake-model\",\"permissionMode\":\"default\",\"tools\":[${tools}\"Read\"]}"
      echo "{\"type\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\"answer $turn_number\"}]}}"
      echo "{\"type\":\"result\",\"subtype\":\"success\",\"is_error\":false,\"result\":\"answer $turn_number\",\"session_id\":\"fake-turns\",\"total_cost_usd\":0.$turn_number,\"usage\":{\"input_tokens\":$turn_number,\"output_tokens\":$turn_number}}"
      ;;
  esac
}

case "${FAKE_CLI_MODE:-talk}" in
  talk)
    echo 'this is not JSON'
    echo '{"type":"system", broken'
    printf '{"type":"unknown_future_type","x":1}\n'
    # A 3 MiB line (over the 1 MiB bound the test sets) must be dropped, not fatal.
    head -c 3145728 /dev/zero | tr '\0' 'a' | sed 's/^/{"type":"assistant","pad":"/; s/$/"}/'; echo
    # A line delivered in two pieces.
    printf '{"type":"system","subtype":"init","session_id":"fake-session-1",'
    sleep 0.2
    printf '"model":"fake-model","permissionMode":"default"}\n'
    while IFS= read -r line; do
      case "$line" in
        *'"type":"user"'*)
          echo '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"pong"}}}'
          echo '{"type":"assistant","message":{"content":[{"type":"text","text":"pong"}]}}'
          echo '{"type":"control_request","request_id":"cli-1","request":{"subtype":"elicitation"}}'
          echo '{"type":"result","subtype":"success","is_error":true,"terminal_reason":"api_error","result":"API Error: 500","session_id":"fake-session-1","usage":{"input_tokens":3,"output_tokens":1}}'
          ;;
        *'"subtype":"error"'*'cli-1'*)
          echo "$line" > "${FAKE_CLI_LOG:-/dev/null}.reply"
          exit 3
          ;;
      esac
    done
    ;;
  stream)
    # Answers the initialize handshake, then streams $FAKE_CLI_DELTAS text deltas of about 1 kB
    # per user message and ends the turn.
    echo '{"type":"system","subtype":"init","session_id":"fake-stream","model":"fake-model","permissionMode":"default"}'
    chunk=$(head -c 1000 /dev/zero | tr '\0' 'b')
    while IFS= read -r line; do
      case "$line" in
        *'"subtype":"initialize"'*)
          [[ $line =~ \"request_id\":\"([^\"]+)\" ]]
          reply_to_initialize "${BASH_REMATCH[1]}" "${FAKE_CLI_VERSION:-2.1.332}"
          ;;
        *'"type":"user"'*)
          # What the model would read, for tests that check a message's full text.
          if [[ -n ${FAKE_CLI_LOG:-} ]]; then echo "$line" >> "$FAKE_CLI_LOG.users"; fi
          for ((i = 0; i < ${FAKE_CLI_DELTAS:-100}; i++)); do
            # Bursts of 100, as a model's stream arrives in bursts rather than all at once.
            if ((i > 0 && i % 100 == 0)); then sleep 0.01; fi
            echo "{\"type\":\"stream_event\",\"event\":{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"$i $chunk\"}}}"
          done
          echo '{"type":"assistant","message":{"content":[{"type":"text","text":"streamed"}]}}'
          echo '{"type":"result","subtype":"success","is_error":false,"result":"streamed","session_id":"fake-stream","usage":{"input_tokens":3,"output_tokens":1}}'
          ;;
      esac
    done
    ;;
  answer-file)
    # Answers every user message with the lines of $FAKE_CLI_ANSWER_FILE (an assistant message and a
    # result, written by the test as JSON, so any text can be answered without shell quoting).
    serve_session fake-answer "${FAKE_CLI_VERSION:-2.1.332}" answer_from_file
    ;;
  init-every-turn)
    # As the real CLI does: every turn opens with a system/init (the tool list, about 2 kB here)
    # and its result carries the turn's usage, which differ from turn to turn.
    tools=$(for ((i = 0; i < 60; i++)); do printf '"Tool%d",' "$i"; done)
    serve_session fake-turns 2.1.332 answer_with_init
    ;;
  die-mid-turn)
    # The first process dies in the middle of its first turn, after streaming part of an answer;
    # a resumed process (--resume) answers normally. Every user line is logged to $FAKE_CLI_LOG.users.
    echo '{"type":"system","subtype":"init","session_id":"fake-dying","model":"fake-model","permissionMode":"default"}'
    while IFS= read -r line; do
      case "$line" in
        *'"type":"user"'*)
          echo "$line" >> "${FAKE_CLI_LOG:-/dev/null}.users"
          # The echo --replay-user-messages gives once the message is in the conversation.
          echo '{"type":"user","message":{"role":"user","content":[]},"uuid":"fake-user-1","isReplay":true}'
          if [[ "$*" != *--resume* ]]; then
            echo '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a partial ans"}}}'
            echo '{"type":"stream_event","event":{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"wer"}}}'
            sleep 0.3
            exit 9
          fi
          echo '{"type":"assistant","message":{"content":[{"type":"text","text":"resumed answer"}]}}'
          echo '{"type":"result","subtype":"success","is_error":false,"result":"resumed answer","session_id":"fake-dying","usage":{"input_tokens":3,"output_tokens":1}}'
          ;;
      esac
    done
    ;;
  old-cli)
    # An untested CLI version that does not know mcp_reconnect.
    serve_session fake-old 1.0.99 refuse_mcp_reconnect
    ;;
  crash)
    echo '{"type":"system","subtype":"init","session_id":"crashy"}'
    exit 7
    ;;
  no-prompt-tool)
    # A CLI that does not know --permission-prompt-tool: it refuses to start with it, as
    # commander-based CLIs do, and runs without it.
    if [[ " $* " == *' --permission-prompt-tool '* ]]; then
      echo "error: unknown option '--permission-prompt-tool'" >&2
      exit 1
    fi
    serve_session fake-static 2.1.332 ignore_line
    ;;
  ask-write)
    serve_session fake-ask 2.1.332 ask_to_write
    ;;
esac
