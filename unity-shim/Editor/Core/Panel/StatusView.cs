// What the window shows from the merged status: the models the CLI offers (the picker's choices),
// the context meter, and the active profiles' quick actions. Kept apart from the window so the
// choices and texts are tested under mono.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class ModelChoice
    {
        public string Value;
        public string Label;
    }

    public sealed class QuickAction
    {
        public string Id;     // "<profile id>.<action id>"
        public string Label;  // in the window's language when the profile has it
        public string Prompt; // put into the composer, never sent by itself
    }

    public static class StatusView
    {
        // "default" first, then the CLI's models by their display names, then the current model when
        // the CLI's list lacks it (a model set in settings before the CLI reported its list).
        public static List<ModelChoice> Models(JObject status)
        {
            var choices = new List<ModelChoice> { new ModelChoice { Value = "default", Label = "default" } };
            foreach (JToken model in (status["models"] as JArray) ?? new JArray())
            {
                string value = model is JObject ? (string)model["value"] : null;
                if (string.IsNullOrEmpty(value) || choices.Exists(choice => choice.Value == value))
                    continue;
                string label = (string)model["displayName"];
                choices.Add(new ModelChoice { Value = value, Label = string.IsNullOrEmpty(label) ? value : label });
            }
            string current = CurrentModel(status);
            if (!choices.Exists(choice => choice.Value == current))
                choices.Add(new ModelChoice { Value = current, Label = current });
            return choices;
        }

        public static string CurrentModel(JObject status)
        {
            string model = (string)status["model"];
            return string.IsNullOrEmpty(model) ? "default" : model;
        }

        // "42% (84000 tokens)" against the window the CLI reported; the size alone until a turn ended.
        public static string Context(JObject status)
        {
            long tokens = (long?)status["context_tokens"] ?? 0;
            long window = (long?)status["context_window"] ?? 0;
            if (window <= 0)
                return PanelStrings.Get("status.context_tokens", "tokens", tokens.ToString());
            long percent = (long)System.Math.Round(tokens * 100.0 / window);
            return PanelStrings.Get("status.context", "percent", percent.ToString(), "tokens", tokens.ToString());
        }

        // The quick actions of the active profiles, in the status's order.
        public static List<QuickAction> QuickActions(JObject status, PanelLanguage language)
        {
            var actions = new List<QuickAction>();
            foreach (JToken profile in (status["profiles"] as JArray) ?? new JArray())
            {
                if (!(profile is JObject) || (string)profile["state"] != "active")
                    continue;
                foreach (JToken action in (profile["quick_actions"] as JArray) ?? new JArray())
                {
                    string prompt = action is JObject ? (string)action["prompt"] : null;
                    if (string.IsNullOrEmpty(prompt))
                        continue;
                    string label = language == PanelLanguage.Japanese ? (string)action["label_ja"] : null;
                    actions.Add(new QuickAction
                    {
                        Id = (string)profile["id"] + "." + (string)action["id"],
                        Label = string.IsNullOrEmpty(label) ? (string)action["label"] ?? prompt : label,
                        Prompt = prompt,
                    });
                }
            }
            return actions;
        }
    }
}
