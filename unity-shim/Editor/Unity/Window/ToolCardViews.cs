// Tool cards as folds that name the tool and its subject, with the result once it arrives; an Agent
// call's card also shows its subagent's state in the header and, in its body, the subagent's work.
using System.Collections.Generic;
using AgentPanel.Panel;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class ToolCardViews
    {
        // A drawn tool card: what it shows, so it is drawn again only when its card changed.
        sealed class DrawnTool
        {
            public Card Card;
            public Foldout Fold;
            public string Shown;
            public int ShownUpdates;
            public bool ResultShown;
            public VisualElement Work;   // "What the subagent did": made when the first item goes in
            public DrawnTool Inside;     // the Agent call's card this one was placed in; null at the top
        }

        // Every drawn tool card, until the window clears or thins it: an Agent call's card keeps changing
        // after its own result (the CLI runs the subagent in the background).
        readonly Dictionary<Card, DrawnTool> m_drawn = new Dictionary<Card, DrawnTool>();

        public void Clear()
        {
            m_drawn.Clear();
        }

        public VisualElement Render(Card card)
        {
            string headline = PanelText.Literal(Headline(card));
            var fold = new Foldout { text = headline, value = false };
            Labels.Classed(fold, "uap-card", "uap-tool-card");
            fold.Add(Labels.Classed(Labels.Text(PanelStrings.Get("card.tool_input")), "uap-section-title"));
            fold.Add(Labels.Classed(Labels.Long(card.ToolInput), "uap-code"));
            var drawn = new DrawnTool { Card = card, Fold = fold, Shown = headline, ShownUpdates = card.Updates };
            if (card.Finished)
                AddResult(drawn);
            m_drawn[card] = drawn;
            return fold;
        }

        // Draws again the header and result of the cards that changed since they were drawn.
        public void Update()
        {
            foreach (DrawnTool drawn in m_drawn.Values)
            {
                if (drawn.ShownUpdates == drawn.Card.Updates)
                    continue;
                drawn.ShownUpdates = drawn.Card.Updates;
                string headline = PanelText.Literal(Headline(drawn.Card));
                if (drawn.Shown != headline)
                {
                    drawn.Fold.text = headline;
                    drawn.Shown = headline;
                }
                if (drawn.Card.Finished && !drawn.ResultShown)
                    AddResult(drawn);
            }
        }

        // A subagent's item goes into its Agent call's card, under the section's title; false when that
        // card is not drawn (unknown, or thinned away), so the item follows the conversation.
        public bool PlaceInside(Card card, VisualElement element)
        {
            DrawnTool call;
            if (card.Parent == null || !m_drawn.TryGetValue(card.Parent, out call))
                return false;
            if (call.Work == null)
            {
                call.Work = Labels.Classed(new VisualElement(), "uap-subagent-work");
                call.Work.Add(Labels.Classed(Labels.Text(PanelStrings.Get("card.subagent_work")), "uap-section-title"));
                call.Fold.Add(call.Work);
            }
            call.Work.Add(element);
            DrawnTool placed;
            if (m_drawn.TryGetValue(card, out placed))
                placed.Inside = call;
            return true;
        }

        // The window removed a card from its list: the tool cards in it, nested ones too, are gone.
        public void Forget(VisualElement element)
        {
            var gone = new List<Card>();
            foreach (DrawnTool drawn in m_drawn.Values)
            {
                DrawnTool top = drawn;
                while (top.Inside != null)
                    top = top.Inside;
                if (top.Fold == element)
                    gone.Add(drawn.Card);
            }
            gone.ForEach(card => m_drawn.Remove(card));
        }

        static void AddResult(DrawnTool drawn)
        {
            drawn.ResultShown = true;
            drawn.Fold.EnableInClassList("uap-tool-error", drawn.Card.IsError);
            drawn.Fold.Add(Labels.Classed(Labels.Text(PanelStrings.Get("card.tool_result")), "uap-section-title"));
            drawn.Fold.Add(Labels.Classed(Labels.Long(drawn.Card.ToolResult), "uap-code"));
        }

        // "Edit Assets/Player.cs — done", and for an Agent call "· subagent completed": the subject from
        // the input, the state from the result, the subagent's from its task events.
        static string Headline(Card card)
        {
            string state = !card.Finished ? PanelStrings.Get("card.tool_running") : card.IsError ? PanelStrings.Get("card.tool_failed") : PanelStrings.Get("card.tool_done");
            if (!card.Finished && !string.IsNullOrEmpty(card.Progress))
                state += " " + card.Progress;
            string subagent = card.SubagentLine();
            if (!string.IsNullOrEmpty(subagent))
                state += " \u00b7 " + subagent;
            return ToolHeadline.For(card) + " \u2014 " + state;
        }
    }
}
