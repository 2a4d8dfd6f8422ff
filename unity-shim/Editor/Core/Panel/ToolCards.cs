// The transcript's tool cards by call id: where a result, a progress report or a subagent's state
// goes, and which Agent call's card an item of a subagent's conversation belongs inside.
using System.Collections.Generic;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    sealed class ToolCards
    {
        readonly Dictionary<string, Card> m_byId = new Dictionary<string, Card>();

        // The newest card of that call still in the transcript; null when none.
        public Card Find(string toolUseId)
        {
            Card card;
            return toolUseId != null && m_byId.TryGetValue(toolUseId, out card) ? card : null;
        }

        public void Added(Card card)
        {
            if (card.Kind == CardKind.Tool && card.ToolUseId != null)
                m_byId[card.ToolUseId] = card;
        }

        public void Dropped(Card card)
        {
            if (card.Kind == CardKind.Tool && card.ToolUseId != null && Find(card.ToolUseId) == card)
                m_byId.Remove(card.ToolUseId);
        }

        public void Clear()
        {
            m_byId.Clear();
        }

        // Marks a subagent's item (live, or from a reopened session) and links it to the Agent call it
        // works for when that call's card is known; otherwise it stays in the conversation's order.
        public void Place(Card card, JObject item)
        {
            card.Subagent = (bool?)item["subagent"] ?? false;
            Card call = Find((string)item["parent_tool_use_id"]);
            card.Parent = call != card ? call : null;
        }

        // subagent_task: what the subagent an Agent call started does now, then how it ended.
        public void Task(JObject item)
        {
            Card call = Find((string)item["tool_use_id"]);
            if (call == null)
                return;
            string phase = (string)item["phase"] ?? "progress";
            call.SubagentPhase = phase;
            call.SubagentText = (string)(phase == "finished" ? item["status"] : item["description"]) ?? string.Empty;
            ++call.Updates;
        }
    }
}
