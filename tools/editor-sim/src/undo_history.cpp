// The simulator's undo history: whole and partial undo steps, and the World before a step laid
// together from the steps after it.
#include "world.hpp"

#include <algorithm>

namespace uap::editor_sim {

namespace {

constexpr std::size_t undo_limit = 100;

// Everything of the World but its objects; the objects stay where they are.
World copy_without_objects(World& world) {
    auto objects = std::move(world.objects);
    World copy = world;
    world.objects = std::move(objects);
    return copy;
}

// The step the open Undo group recorded, or nullptr when the history no longer holds it (it was cleared).
UndoStep* open_group_step(Simulation& simulation) {
    for (auto step = simulation.undo.rbegin(); step != simulation.undo.rend(); ++step)
        if (step->group == simulation.undo_group)
            return &*step;
    return nullptr;
}

void drop_oldest_steps(Simulation& simulation) {
    if (simulation.undo.size() <= undo_limit)
        return;
    int dropped = simulation.undo.front().group;
    simulation.undo.erase(simulation.undo.begin());
    for (auto& [group, turn] : simulation.turns)
        if (!turn.ended && dropped >= group)
            turn.truncated = true;
}

} // namespace

void Simulation::record_undo(std::string_view name) {
    if (!group_open) {
        ++undo_group;
        undo.push_back(UndoStep{undo_group, std::string(name), world, recording_author});
    } else if (!group_recorded) {
        undo.push_back(UndoStep{undo_group, undo_group_name, world, recording_author});
        group_recorded = true;
    } else if (UndoStep* step = open_group_step(*this); step && step->partial) {
        // A write that may change more than single objects joins a group recorded partially: the step
        // becomes whole. Partial writes create and destroy nothing, so every object not recorded yet
        // is still as it was when the group began.
        for (const auto& [id, object] : world.objects)
            step->before.objects.try_emplace(id, object);
        step->partial = false;
    }
    drop_oldest_steps(*this);
}

void Simulation::record_object_undo(std::string_view name, int id) {
    if (!group_open || !group_recorded) {
        if (!group_open)
            ++undo_group;
        UndoStep step{undo_group, group_open ? undo_group_name : std::string(name), copy_without_objects(world), recording_author, true};
        step.before.objects.emplace(id, world.objects.at(id));
        undo.push_back(std::move(step));
        group_recorded = group_open;
    } else if (UndoStep* step = open_group_step(*this); step && step->partial) {
        // The object's first write in the group is the one that counts: later ones find it recorded.
        step->before.objects.try_emplace(id, world.objects.at(id));
    }
    drop_oldest_steps(*this);
}

World Simulation::take_state_before(std::vector<UndoStep>::iterator first) {
    // The oldest whole step from first on holds every object as it was before that step; without one,
    // the objects as they are now. Partial steps are laid over that base from the newest to first, so
    // an object recorded by several steps ends as the oldest of them recorded it.
    auto whole = std::find_if(first, undo.end(), [](const UndoStep& step) { return !step.partial; });
    auto objects = std::move(whole == undo.end() ? world.objects : whole->before.objects);
    for (auto step = whole; step != first;) {
        --step;
        for (auto& [id, object] : step->before.objects)
            objects.insert_or_assign(id, std::move(object));
    }
    World state = std::move(first->before);
    state.objects = std::move(objects);
    return state;
}

void Simulation::absorb_later_steps(std::vector<UndoStep>::iterator kept) {
    if (!kept->partial)
        return;
    auto whole = std::find_if(kept + 1, undo.end(), [](const UndoStep& step) { return !step.partial; });
    for (auto step = kept + 1; step != whole; ++step)
        for (auto& [id, object] : step->before.objects)
            kept->before.objects.try_emplace(id, std::move(object));
    if (whole == undo.end())
        return;
    // A later whole step holds every other object as it was before kept: kept becomes whole too.
    for (auto& [id, object] : whole->before.objects)
        kept->before.objects.try_emplace(id, std::move(object));
    kept->partial = false;
}

} // namespace uap::editor_sim
