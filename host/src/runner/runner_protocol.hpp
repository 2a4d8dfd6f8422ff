// The messages between the host and uap-module-runner, one JSON object and a payload per frame
// (runner_frames.hpp); the payload is empty unless said otherwise. The runner speaks to exactly one
// host, for exactly one pack.
//
// Host → runner
//   {"type":"load","library":PATH,"moduleId":ID,"settings":JSON-TEXT}      once, first
//   {"type":"call","call":N,"tool":NAME,"maxBytes":N,"cancelled":BOOL,   payload: the arguments, JSON
//    "slot":N}                                                            the host validated; cancelled:
//                                                                         already cancelled when sent;
//                                                                         slot (optional): the result slot
//                                                                         the result may go into
//   {"type":"cancel","call":N}                                            the host's is_cancelled turned true
//   {"type":"answer","request":N,"status":S,"output":TEXT}                 reply to an "ask"
//   {"type":"shutdown"}                                                   module shutdown, then exit
// Runner → host
//   {"type":"loaded","abiVersion":N,"description":TEXT}
//   {"type":"loadFailed","incompatible":BOOL,"reason":TEXT}
//   {"type":"result","call":N,"status":S,"overflowed":BOOL,"offered":N}   payload: the output, UTF-8
//   {"type":"log","level":L,"message":TEXT}
//   {"type":"progress","call":N,"progress":X,"total":X,"message":TEXT}
//   {"type":"ask","request":N,"call":N|-1,"method":"editor_call"|"host_info",
//    "editorMethod":TEXT,"params":TEXT,"timeoutMs":N}                     the host runs it and answers
//   {"type":"stopped"}                                                    after the module's shutdown
// A runner started with `--result-slots COUNT CAPACITY` finds the host's result slots
// (result_slots.hpp) on descriptor 3. A call's result goes into the call's slot when it fits and
// the call sent nothing on the pipe; otherwise it comes as a "result" message, as it always does
// without slots.
// is_cancelled and read_settings are answered inside the runner (a flag set by "cancel", and the
// settings sent with "load", which are fixed for a module's life in-process too).
#pragma once

#include <cstdint>

namespace uap::runner {

inline constexpr const char* runner_program_name = "uap-module-runner";

// The largest frame either side accepts. Results are capped by the host's result limit before
// they are framed; this bounds a runner that ignores the protocol.
inline constexpr uint64_t max_frame_bytes = 64ull * 1024 * 1024;

// The "call" of an ask made outside any tool call.
inline constexpr int no_call = -1;

} // namespace uap::runner
