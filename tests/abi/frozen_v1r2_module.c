/* The frozen module's code built against the FROZEN second revision of the ABI (host_info, before
 * editor events): a host of revision 3 must still load and call it. */
#include "frozen/uap_module_v1r2.h"

#define FROZEN_MODULE_ID "fixture.frozen2"
#define FROZEN_TOOL_NAME "frozen2_echo"
#define FROZEN_REVISION "2"
#include "frozen_module.c"
