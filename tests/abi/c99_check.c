/* Compiled as strict C99 by the abi_header_is_c99 test: the ABI header must need nothing else. */
#include <uap/abi/uap_module.h>

#include <string.h>

static uap_status entry_shape(uint32_t offered, uint32_t* out_version, const uap_module_api** out_module) {
    (void)offered;
    (void)out_version;
    (void)out_module;
    return UAP_STATUS_OK;
}

int main(void) {
    uap_module_entry_fn entry = entry_shape;
    uap_host_api host;
    memset(&host, 0, sizeof host);
    host.struct_size = (uint32_t)sizeof host;
    return entry != 0 && !uap_host_api_has(&host, host_info) ? 0 : 1;
}
