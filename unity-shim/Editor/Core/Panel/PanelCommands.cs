// Builds panel protocol v1 commands (front-end → host), each with an id echoed in command_result.
using System.Collections.Generic;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public enum PermissionDecision { Allow, AllowAlways, Deny }

    public sealed class PanelCommands
    {
        long m_next;

        public string Send(string text) { return Command("send", new JObject { { "text", text } }); }
        public string Interrupt() { return Command("interrupt", null); }
        public string NewSession() { return Command("new_session", null); }
        // An empty query lists every session; otherwise only those whose messages contain it.
        public string ListHistory(string query) { return Command("list_history", string.IsNullOrEmpty(query) ? null : new JObject { { "query", query } }); }
        public string DeleteHistory(string sessionId) { return Command("delete_history", new JObject { { "session_id", sessionId } }); }
        public string Resume(string sessionId) { return Command("resume", new JObject { { "session_id", sessionId } }); }
        public string SetModel(string model) { return Command("set_model", new JObject { { "model", model } }); }
        public string SetPermissionMode(string mode) { return Command("set_permission_mode", new JObject { { "mode", mode } }); }
        // Sent only after the window showed the bypass warning and the user confirmed it; the host refuses the mode without it.
        public string ConfirmBypassPermissions() { return Command("set_permission_mode", new JObject { { "mode", "bypassPermissions" }, { "confirm_bypass", true } }); }
        public string SetAutoApprove(string level) { return Command("set_auto_approve", new JObject { { "level", level } }); }
        // Unity's Claude Code plugin, for the user's whole Claude Code; progress arrives as integration_install events.
        public string InstallPlugin() { return Command("install_plugin", new JObject { { "plugin", "unity@unity-agent-plugin" } }); }
        public string ApplyUloopPreset() { return Command("apply_uloop_preset", null); }
        // Undoes a finished turn's editor changes; the outcome arrives as turn_reverted.
        public string RevertTurn(long turnId) { return Command("revert_turn", new JObject { { "turn_id", turnId } }); }
        // Picks an interrupted turn up again (the host sends the words); offered only on the newest turn.
        public string ContinueTurn(long turnId) { return Command("continue_turn", new JObject { { "turn_id", turnId } }); }

        // Takes the newest message back and sends text in its place: its own words retry it, others edit it.
        public string RetryLastMessage(string text) { return Command("retry_last_message", new JObject { { "text", text } }); }
        // Asks the host to check the CLI and its login again; the answer arrives in the status's sign_in.
        public string CheckSignIn() { return Command("check_sign_in", null); }
        // Subscription only keeps ANTHROPIC_API_KEY from the CLI; the host restarts the CLI between turns.
        public string SetAuthMode(bool subscriptionOnly) { return Command("set_auth_mode", new JObject { { "mode", subscriptionOnly ? "subscription_only" : "automatic" } }); }
        // Sets which context chips the next message carries; null ids only reads them (a late front-end's first look).
        public string AttachContext(IEnumerable<string> ids) { return Command("attach_context", ids == null ? null : new JObject { { "ids", new JArray(ids) } }); }
        // A dropped asset (a project path) or scene object (a hierarchy path) becomes a chip, attached at once.
        public string AddContextAsset(string assetPath) { return Command("add_context", new JObject { { "asset", assetPath } }); }
        public string AddContextObject(string hierarchyPath) { return Command("add_context", new JObject { { "object", hierarchyPath } }); }

        // The entries of one project folder whose names start with what follows the last "/" of prefix (the text after "@").
        public string CompleteMention(string prefix) { return Command("complete_mention", new JObject { { "prefix", prefix ?? string.Empty } }); }

        // The project's own guidance for the agent (at most 16 KiB; empty removes it); the host refuses more.
        public string SetCustomInstructions(string text) { return Command("set_custom_instructions", new JObject { { "text", text } }); }

        // The user's own quick actions: null reads them, a list (empty too) replaces them all.
        public string SetQuickActions(List<QuickAction> actions)
        {
            if (actions == null)
                return Command("set_quick_actions", null);
            var list = new JArray();
            foreach (QuickAction action in actions)
                list.Add(new JObject { { "label", action.Label }, { "prompt", action.Prompt } });
            return Command("set_quick_actions", new JObject { { "actions", list } });
        }

        public string AnswerPermission(string permissionId, PermissionDecision decision, string message)
        {
            var fields = new JObject { { "permission_id", permissionId }, { "decision", DecisionName(decision) } };
            if (!string.IsNullOrEmpty(message))
                fields["message"] = message;
            return Command("answer_permission", fields);
        }

        // Allow always with the rule the card showed (one of its always_allow_scopes), never the bare tool by default.
        public string AllowAlways(string permissionId, string rule)
        {
            return Command("answer_permission", new JObject { { "permission_id", permissionId }, { "decision", "allow_always" }, { "rule", rule } });
        }

        // Allows AskUserQuestion with the form's answers; null while a question is unanswered.
        public string AnswerQuestions(QuestionForm form)
        {
            JObject updated = form.UpdatedInput();
            if (updated == null)
                return null;
            return Command("answer_permission", new JObject { { "permission_id", form.PermissionId }, { "decision", "allow" }, { "updated_input", updated } });
        }

        // Skipping tells the model the user chose not to answer, as the browser panel does.
        public string SkipQuestions(QuestionForm form)
        {
            return AnswerPermission(form.PermissionId, PermissionDecision.Deny, "The user skipped the question.");
        }

        public static string DecisionName(PermissionDecision decision)
        {
            return decision == PermissionDecision.Allow ? "allow" : decision == PermissionDecision.AllowAlways ? "allow_always" : "deny";
        }

        string Command(string type, JObject fields)
        {
            var command = new JObject { { "type", type }, { "id", "panel-" + (++m_next) } };
            if (fields != null)
                foreach (JProperty field in fields.Properties())
                    command[field.Name] = field.Value;
            return command.ToString(Formatting.None);
        }
    }
}
