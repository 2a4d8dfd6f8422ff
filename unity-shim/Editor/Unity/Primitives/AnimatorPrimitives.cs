// animator.edit and animator.read through UnityEditor.Animations. An edit is checked whole against the
// names the controller will have (its layers, states and parameters plus those the request adds) before
// anything changes, so a refused request leaves the controller as it was. The AnimatorController API records
// Undo steps of its own; they are cleared after the save, because the saved asset is not undoable and a
// turn's Undo must not revert the controller in memory while the file keeps the edit.
using System;
using System.Collections.Generic;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;
using UnityEditor;
using UnityEditor.Animations;
using UnityEngine;
using Object = UnityEngine.Object;

namespace AgentPanel.Editor.Primitives
{
    static class AnimatorPrimitives
    {
        public static void Register(UnityEditorPrimitives table)
        {
            table.Add("animator.edit", Edit);
            table.Add("animator.read", Read);
        }

        // The names the controller will have after the edit: what it has, plus what the request adds.
        sealed class Names
        {
            public readonly Dictionary<string, AnimatorControllerParameterType> Parameters = new Dictionary<string, AnimatorControllerParameterType>();
            public readonly List<string> Layers = new List<string>();
            public readonly Dictionary<string, HashSet<string>> States = new Dictionary<string, HashSet<string>>();

            public void AddLayer(string name)
            {
                if (States.ContainsKey(name))
                    return;
                Layers.Add(name);
                States[name] = new HashSet<string>();
            }

            public static Names Of(AnimatorController controller)
            {
                var names = new Names();
                if (controller == null)
                {
                    names.AddLayer("Base Layer");
                    return names;
                }
                foreach (AnimatorControllerParameter parameter in controller.parameters)
                    names.Parameters[parameter.name] = parameter.type;
                foreach (AnimatorControllerLayer layer in controller.layers)
                {
                    names.AddLayer(layer.name);
                    foreach (ChildAnimatorState child in layer.stateMachine.states)
                        names.States[layer.name].Add(child.state.name);
                }
                return names;
            }

            public string LayerOf(JObject entry, string where)
            {
                string layer = Params.OptionalString(entry, "layer", null);
                if (layer == null)
                    return Layers.Count > 0 ? Layers[0] : null;
                if (!States.ContainsKey(layer))
                    throw PrimitiveError.NotFound(where + ".layer: the controller has no layer named '" + layer + "'");
                return layer;
            }
        }

        static AnimatorControllerParameterType ParameterType(string name)
        {
            switch (name)
            {
                case "Float": return AnimatorControllerParameterType.Float;
                case "Int": return AnimatorControllerParameterType.Int;
                case "Bool": return AnimatorControllerParameterType.Bool;
                case "Trigger": return AnimatorControllerParameterType.Trigger;
                default: throw PrimitiveError.InvalidParams("a parameter type is Float, Int, Bool or Trigger (got " + name + ")");
            }
        }

        static AnimatorConditionMode ConditionMode(string name, AnimatorControllerParameterType type, string parameter, string where)
        {
            AnimatorConditionMode mode;
            if (!Enum.TryParse(name, false, out mode) || !Enum.IsDefined(typeof(AnimatorConditionMode), mode))
                throw PrimitiveError.InvalidParams(where + ".mode: If, IfNot, Greater, Less, Equals or NotEqual (got " + name + ")");
            // As the Animator window offers them: Float takes Greater and Less, Int also Equals and NotEqual,
            // Bool If and IfNot, Trigger only If.
            bool fits = type == AnimatorControllerParameterType.Float ? mode == AnimatorConditionMode.Greater || mode == AnimatorConditionMode.Less
                : type == AnimatorControllerParameterType.Int ? mode == AnimatorConditionMode.Greater || mode == AnimatorConditionMode.Less ||
                                                                mode == AnimatorConditionMode.Equals || mode == AnimatorConditionMode.NotEqual
                : type == AnimatorControllerParameterType.Bool ? mode == AnimatorConditionMode.If || mode == AnimatorConditionMode.IfNot
                : mode == AnimatorConditionMode.If;
            if (!fits)
                throw PrimitiveError.TypeMismatch(where + ".mode: " + name + " does not fit the " + type + " parameter '" + parameter + "'");
            return mode;
        }

        static AnimationClip Clip(string path, string where)
        {
            Object asset = AssetDatabase.LoadMainAssetAtPath(path);
            if (asset == null)
                throw PrimitiveError.NotFound(where + ": no asset at '" + path + "'");
            var clip = asset as AnimationClip;
            if (clip == null)
                throw PrimitiveError.TypeMismatch(where + ": '" + path + "' is a " + asset.GetType().Name + ", not an AnimationClip");
            return clip;
        }

        static JArray List(JObject parameters, string name) { return parameters[name] as JArray ?? new JArray(); }

        // Every reference the request makes, checked against the names; throws before anything changes.
        static void Check(JObject parameters, Names names)
        {
            JArray added = List(parameters, "parameters");
            for (int index = 0; index < added.Count; ++index)
            {
                var input = (JObject)added[index];
                string where = "parameters[" + index + "]";
                string name = Params.RequiredString(input, "name");
                AnimatorControllerParameterType type = ParameterType(Params.RequiredString(input, "type"));
                AnimatorControllerParameterType existing;
                if (names.Parameters.TryGetValue(name, out existing) && existing != type)
                    throw PrimitiveError.Conflict(where + ": '" + name + "' exists as a " + existing + " parameter");
                JToken value = input["default"];
                bool wantsBoolean = type == AnimatorControllerParameterType.Bool || type == AnimatorControllerParameterType.Trigger;
                if (value != null && (value.Type == JTokenType.Boolean) != wantsBoolean)
                    throw PrimitiveError.TypeMismatch(where + ".default does not fit a " + type + " parameter");
                names.Parameters[name] = type;
            }
            foreach (JToken layer in List(parameters, "layers"))
                names.AddLayer(Params.RequiredString((JObject)layer, "name"));
            JArray states = List(parameters, "states");
            for (int index = 0; index < states.Count; ++index)
            {
                var input = (JObject)states[index];
                string where = "states[" + index + "]";
                string layer = names.LayerOf(input, where);
                if (input["motion"] != null && input["blendTree"] != null)
                    throw PrimitiveError.InvalidParams(where + " has both motion and blendTree; a state plays one of them");
                if (input["motion"] != null)
                    Clip(Params.RequiredString(input, "motion"), where + ".motion");
                JObject tree = Params.OptionalObject(input, "blendTree");
                if (tree != null)
                    CheckBlendTree(tree, names, where + ".blendTree");
                names.States[layer].Add(Params.RequiredString(input, "name"));
            }
            JArray transitions = List(parameters, "transitions");
            for (int index = 0; index < transitions.Count; ++index)
            {
                var input = (JObject)transitions[index];
                string where = "transitions[" + index + "]";
                string layer = names.LayerOf(input, where);
                string to = Params.RequiredString(input, "to");
                if (!names.States[layer].Contains(to))
                    throw PrimitiveError.NotFound(where + ".to: layer '" + layer + "' has no state named '" + to + "'");
                string from = Params.RequiredString(input, "from");
                if (from != "Any" && !names.States[layer].Contains(from))
                    throw PrimitiveError.NotFound(where + ".from: layer '" + layer + "' has no state named '" + from + "'");
                JArray conditions = List(input, "conditions");
                for (int condition = 0; condition < conditions.Count; ++condition)
                {
                    var entry = (JObject)conditions[condition];
                    string conditionWhere = where + ".conditions[" + condition + "]";
                    string parameter = Params.RequiredString(entry, "parameter");
                    AnimatorControllerParameterType type;
                    if (!names.Parameters.TryGetValue(parameter, out type))
                        throw PrimitiveError.NotFound(conditionWhere + ".parameter: the controller has no parameter named '" + parameter + "'");
                    ConditionMode(Params.RequiredString(entry, "mode"), type, parameter, conditionWhere);
                }
            }
        }

        static void CheckBlendTree(JObject tree, Names names, string where)
        {
            BlendTreeType type = BlendType(Params.RequiredString(tree, "blendType"), where);
            bool twoDimensional = type != BlendTreeType.Simple1D;
            string parameterY = Params.OptionalString(tree, "parameterY", null);
            if (twoDimensional && parameterY == null)
                throw PrimitiveError.InvalidParams(where + ".parameterY is needed by a " + type + " blend tree");
            foreach (string member in new[] { "parameter", "parameterY" })
            {
                string name = Params.OptionalString(tree, member, null);
                if (name == null)
                    continue;
                AnimatorControllerParameterType parameterType;
                if (!names.Parameters.TryGetValue(name, out parameterType))
                    throw PrimitiveError.NotFound(where + "." + member + ": the controller has no parameter named '" + name + "'");
                if (parameterType != AnimatorControllerParameterType.Float)
                    throw PrimitiveError.TypeMismatch(where + "." + member + ": '" + name + "' is a " + parameterType + " parameter; blend trees take Float parameters");
            }
            JArray children = Params.RequiredArray(tree, "children");
            for (int index = 0; index < children.Count; ++index)
            {
                var child = (JObject)children[index];
                string childWhere = where + ".children[" + index + "]";
                Clip(Params.RequiredString(child, "motion"), childWhere + ".motion");
                if (twoDimensional && !(child["position"] is JArray))
                    throw PrimitiveError.InvalidParams(childWhere + ".position [x, y] is needed in a 2D blend tree");
            }
        }

        static BlendTreeType BlendType(string name, string where)
        {
            switch (name)
            {
                case "Simple1D": return BlendTreeType.Simple1D;
                case "SimpleDirectional2D": return BlendTreeType.SimpleDirectional2D;
                case "FreeformDirectional2D": return BlendTreeType.FreeformDirectional2D;
                case "FreeformCartesian2D": return BlendTreeType.FreeformCartesian2D;
                default: throw PrimitiveError.InvalidParams(where + ".blendType: Simple1D, SimpleDirectional2D, FreeformDirectional2D or FreeformCartesian2D");
            }
        }

        static JObject Edit(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            AnimationPrimitives.CheckAssetPath(path, ".controller");
            bool create = Params.OptionalBoolean(parameters, "create", false);
            bool overwrite = Params.OptionalBoolean(parameters, "overwrite", false);
            Object existing = AssetDatabase.LoadMainAssetAtPath(path);
            if (existing != null && !(existing is AnimatorController))
                throw PrimitiveError.Conflict("'" + path + "' is a " + existing.GetType().Name + ", not an AnimatorController");
            if (existing == null && !create)
                throw PrimitiveError.NotFound("no AnimatorController at '" + path + "'; pass create to make one");
            if (existing != null && create && !overwrite)
                throw PrimitiveError.Conflict("an AnimatorController already exists at '" + path + "'; pass overwrite to reset it, or leave out create to edit it");
            var controller = existing as AnimatorController;
            Check(parameters, Names.Of(overwrite ? null : controller));

            bool created = controller == null;
            if (created)
                controller = AnimatorController.CreateAnimatorControllerAtPath(path);
            else if (overwrite)
                Reset(controller);
            Apply(parameters, controller);
            EditorUtility.SetDirty(controller);
            AssetDatabase.SaveAssets();
            ForgetUndo(controller);
            return new JObject { { "observed", new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "created", created } } } };
        }

        // Back to what CreateAnimatorControllerAtPath makes: no parameters and one empty "Base Layer"; the asset and its GUID stay.
        static void Reset(AnimatorController controller)
        {
            for (int index = controller.parameters.Length - 1; index >= 0; --index)
                controller.RemoveParameter(index);
            for (int index = controller.layers.Length - 1; index >= 0; --index)
                controller.RemoveLayer(index);
            controller.AddLayer("Base Layer");
        }

        static AnimatorStateMachine Machine(AnimatorController controller, string layer)
        {
            foreach (AnimatorControllerLayer candidate in controller.layers)
                if (candidate.name == layer)
                    return candidate.stateMachine;
            throw new PrimitiveError(ErrorCodes.InternalError, "layer '" + layer + "' went missing while the controller was edited");
        }

        static AnimatorState State(AnimatorStateMachine machine, string name)
        {
            foreach (ChildAnimatorState child in machine.states)
                if (child.state.name == name)
                    return child.state;
            return null;
        }

        static string LayerName(AnimatorController controller, JObject entry)
        {
            return Params.OptionalString(entry, "layer", controller.layers[0].name);
        }

        static void Apply(JObject parameters, AnimatorController controller)
        {
            var existingParameters = new HashSet<string>();
            foreach (AnimatorControllerParameter parameter in controller.parameters)
                existingParameters.Add(parameter.name);
            foreach (JToken token in List(parameters, "parameters"))
            {
                var input = (JObject)token;
                string name = Params.RequiredString(input, "name");
                if (!existingParameters.Add(name))
                    continue;
                var parameter = new AnimatorControllerParameter { name = name, type = ParameterType(Params.RequiredString(input, "type")) };
                JToken value = input["default"];
                if (value != null && value.Type == JTokenType.Boolean)
                    parameter.defaultBool = (bool)value;
                else if (value != null && parameter.type == AnimatorControllerParameterType.Int)
                    parameter.defaultInt = (int)(double)value;
                else if (value != null)
                    parameter.defaultFloat = (float)(double)value;
                controller.AddParameter(parameter);
            }
            var layers = new HashSet<string>();
            foreach (AnimatorControllerLayer layer in controller.layers)
                layers.Add(layer.name);
            foreach (JToken token in List(parameters, "layers"))
            {
                string name = Params.RequiredString((JObject)token, "name");
                if (layers.Add(name))
                    controller.AddLayer(name);
            }
            foreach (JToken token in List(parameters, "states"))
                ApplyState((JObject)token, controller);
            foreach (JToken token in List(parameters, "transitions"))
                ApplyTransition((JObject)token, controller);
        }

        static void ApplyState(JObject input, AnimatorController controller)
        {
            AnimatorStateMachine machine = Machine(controller, LayerName(controller, input));
            string name = Params.RequiredString(input, "name");
            AnimatorState state = State(machine, name) ?? machine.AddState(name);
            if (input["motion"] != null)
                state.motion = Clip(Params.RequiredString(input, "motion"), "motion");
            JObject tree = Params.OptionalObject(input, "blendTree");
            if (tree != null)
                state.motion = BuildBlendTree(tree, name, controller);
            if (input["speed"] != null)
                state.speed = AnimationPrimitives.FloatOf(input["speed"], "speed", 1);
            // The first state of a state machine is its default, as the Animator window makes it.
            if (machine.defaultState == null || Params.OptionalBoolean(input, "default", false))
                machine.defaultState = state;
        }

        static BlendTree BuildBlendTree(JObject input, string name, AnimatorController controller)
        {
            var tree = new BlendTree();
            tree.name = name;
            tree.blendType = BlendType(Params.RequiredString(input, "blendType"), "blendTree");
            tree.blendParameter = Params.RequiredString(input, "parameter");
            tree.blendParameterY = Params.OptionalString(input, "parameterY", string.Empty);
            tree.useAutomaticThresholds = false;
            AssetDatabase.AddObjectToAsset(tree, controller);
            JArray children = Params.RequiredArray(input, "children");
            for (int index = 0; index < children.Count; ++index)
            {
                var child = (JObject)children[index];
                AnimationClip clip = Clip(Params.RequiredString(child, "motion"), "motion");
                if (tree.blendType == BlendTreeType.Simple1D)
                    tree.AddChild(clip, AnimationPrimitives.FloatOf(child["threshold"], "threshold", index));
                else
                {
                    var position = (JArray)child["position"];
                    tree.AddChild(clip, new Vector2(AnimationPrimitives.FloatOf(position[0], "position", 0), AnimationPrimitives.FloatOf(position[1], "position", 0)));
                }
            }
            return tree;
        }

        static void ApplyTransition(JObject input, AnimatorController controller)
        {
            AnimatorStateMachine machine = Machine(controller, LayerName(controller, input));
            AnimatorState destination = State(machine, Params.RequiredString(input, "to"));
            string from = Params.RequiredString(input, "from");
            AnimatorStateTransition transition = from == "Any" ? machine.AddAnyStateTransition(destination) : State(machine, from).AddTransition(destination);
            transition.hasExitTime = Params.OptionalBoolean(input, "hasExitTime", false);
            transition.exitTime = AnimationPrimitives.FloatOf(input["exitTime"], "exitTime", 0.75f);
            transition.duration = AnimationPrimitives.FloatOf(input["duration"], "duration", 0.25f);
            var types = new Dictionary<string, AnimatorControllerParameterType>();
            foreach (AnimatorControllerParameter parameter in controller.parameters)
                types[parameter.name] = parameter.type;
            foreach (JToken token in List(input, "conditions"))
            {
                var condition = (JObject)token;
                string parameter = Params.RequiredString(condition, "parameter");
                AnimatorConditionMode mode = ConditionMode(Params.RequiredString(condition, "mode"), types[parameter], parameter, "condition");
                transition.AddCondition(mode, AnimationPrimitives.FloatOf(condition["threshold"], "threshold", 0), parameter);
            }
        }

        static void ForgetUndo(AnimatorController controller)
        {
            Undo.ClearUndo(controller);
            foreach (AnimatorControllerLayer layer in controller.layers)
            {
                AnimatorStateMachine machine = layer.stateMachine;
                Undo.ClearUndo(machine);
                foreach (AnimatorStateTransition transition in machine.anyStateTransitions)
                    Undo.ClearUndo(transition);
                foreach (ChildAnimatorState child in machine.states)
                {
                    Undo.ClearUndo(child.state);
                    if (child.state.motion is BlendTree)
                        Undo.ClearUndo(child.state.motion);
                    foreach (AnimatorStateTransition transition in child.state.transitions)
                        Undo.ClearUndo(transition);
                }
            }
        }

        static JObject Transition(AnimatorStateTransition transition)
        {
            var conditions = new JArray();
            foreach (AnimatorCondition condition in transition.conditions)
                conditions.Add(new JObject { { "mode", condition.mode.ToString() }, { "parameter", condition.parameter }, { "threshold", condition.threshold } });
            return new JObject
            {
                { "to", transition.destinationState != null ? transition.destinationState.name : null }, { "hasExitTime", transition.hasExitTime },
                { "exitTime", transition.exitTime }, { "duration", transition.duration }, { "conditions", conditions },
            };
        }

        static JObject StateJson(AnimatorState state)
        {
            var json = new JObject { { "name", state.name } };
            var tree = state.motion as BlendTree;
            json["motion"] = state.motion != null && tree == null ? AssetDatabase.GetAssetPath(state.motion) : null;
            if (tree != null)
            {
                var children = new JArray();
                foreach (ChildMotion child in tree.children)
                    children.Add(new JObject
                    {
                        { "motion", child.motion != null ? AssetDatabase.GetAssetPath(child.motion) : null }, { "threshold", child.threshold },
                        { "position", new JArray(child.position.x, child.position.y) },
                    });
                json["blendTree"] = new JObject
                {
                    { "blendType", tree.blendType.ToString() }, { "parameter", tree.blendParameter }, { "parameterY", tree.blendParameterY },
                    { "children", children },
                };
            }
            json["speed"] = state.speed;
            var transitions = new JArray();
            foreach (AnimatorStateTransition transition in state.transitions)
                transitions.Add(Transition(transition));
            json["transitions"] = transitions;
            return json;
        }

        static JObject Read(JObject parameters)
        {
            string path = Params.RequiredString(parameters, "path");
            var controller = AssetDatabase.LoadAssetAtPath<AnimatorController>(path);
            if (controller == null)
                throw PrimitiveError.NotFound("no AnimatorController at '" + path + "'");
            var parameterList = new JArray();
            foreach (AnimatorControllerParameter parameter in controller.parameters)
            {
                var entry = new JObject { { "name", parameter.name }, { "type", parameter.type.ToString() } };
                if (parameter.type == AnimatorControllerParameterType.Float)
                    entry["default"] = parameter.defaultFloat;
                else if (parameter.type == AnimatorControllerParameterType.Int)
                    entry["default"] = parameter.defaultInt;
                else
                    entry["default"] = parameter.defaultBool;
                parameterList.Add(entry);
            }
            var layers = new JArray();
            foreach (AnimatorControllerLayer layer in controller.layers)
            {
                AnimatorStateMachine machine = layer.stateMachine;
                var states = new JArray();
                foreach (ChildAnimatorState child in machine.states)
                    states.Add(StateJson(child.state));
                var any = new JArray();
                foreach (AnimatorStateTransition transition in machine.anyStateTransitions)
                    any.Add(Transition(transition));
                layers.Add(new JObject
                {
                    { "name", layer.name }, { "defaultState", machine.defaultState != null ? machine.defaultState.name : null }, { "states", states },
                    { "anyStateTransitions", any },
                });
            }
            return new JObject { { "path", path }, { "guid", AssetDatabase.AssetPathToGUID(path) }, { "parameters", parameterList }, { "layers", layers } };
        }
    }
}
