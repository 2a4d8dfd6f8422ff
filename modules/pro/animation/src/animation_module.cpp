// The Pro animation pack: AnimationClip and AnimatorController assets and Humanoid avatars of models,
// written through the editor's primitives and verified by reading them back. Unity cannot undo these writes.
#include "animator_tools.hpp"
#include "avatar_tools.hpp"
#include "clip_tools.hpp"

#include <uap/pack_identity.hpp>
#include <uap/sdk/module.hpp>

namespace uap::pro::animation {

class AnimationModule final : public sdk::Module {
public:
    explicit AnimationModule(const sdk::ModuleContext& context) : Module(context) {
        add_tool<AnimCreateClipTool>();
        add_tool<AnimInspectClipTool>();
        add_tool<AnimatorEditTool>();
        add_tool<AnimatorInspectTool>();
        add_tool<AvatarConfigureTool>();
        add_tool<AvatarInspectTool>();
    }
};

} // namespace uap::pro::animation

UAP_MODULE(uap::pro::animation::AnimationModule, UAP_PACK_ID, UAP_PACK_VERSION)
