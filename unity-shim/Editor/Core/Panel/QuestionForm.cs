// The CLI's AskUserQuestion as a form: its questions and choices read from the permission card,
// what the user picked, and the answer the host passes to the CLI as the tool's updated input.
using System.Collections.Generic;
using System.Linq;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class QuestionChoice
    {
        public string Label = string.Empty;
        public string Description = string.Empty;
    }

    public sealed class Question
    {
        public string Header = string.Empty;
        public string Text = string.Empty;
        public bool MultiSelect;
        public readonly List<QuestionChoice> Choices = new List<QuestionChoice>();
        // What the user picked, by choice index, and the free "Other" text.
        public readonly SortedSet<int> Picked = new SortedSet<int>();
        public string Other = string.Empty;

        // A single-choice question keeps only the newest pick, as a group of radio buttons does.
        public void Pick(int choice, bool picked)
        {
            if (choice < 0 || choice >= Choices.Count)
                return;
            if (!picked)
            {
                Picked.Remove(choice);
                return;
            }
            if (!MultiSelect)
                Picked.Clear();
            Picked.Add(choice);
        }

        // The answer as the CLI reads it: the picked labels in their order, then the Other text, joined by ", ".
        public string Answer()
        {
            IEnumerable<string> parts = Picked.Select(choice => Choices[choice].Label);
            string other = Other.Trim();
            if (other.Length > 0)
                parts = parts.Concat(new[] { other });
            return string.Join(", ", parts.ToArray());
        }
    }

    public sealed class QuestionForm
    {
        public const string ToolName = "AskUserQuestion";

        public readonly string PermissionId;
        public readonly List<Question> Questions = new List<Question>();
        readonly JObject m_input;

        QuestionForm(string permissionId, JObject input)
        {
            PermissionId = permissionId;
            m_input = input;
        }

        // The form for a card, or null when the card is not an AskUserQuestion with at least one question
        // (then the window shows it as an ordinary permission card, which can still be allowed or denied).
        public static QuestionForm For(PermissionCard card)
        {
            if (card == null || card.ToolName != ToolName)
                return null;
            JObject input;
            try
            {
                input = JObject.Parse(card.Input ?? "{}");
            }
            catch (JsonException)
            {
                return null;
            }
            var questions = input["questions"] as JArray;
            if (questions == null || questions.Count == 0)
                return null;
            var form = new QuestionForm(card.PermissionId, input);
            foreach (JToken item in questions)
            {
                var asked = item as JObject;
                if (asked == null)
                    return null;
                var question = new Question
                {
                    Header = Text(asked["header"]),
                    Text = Text(asked["question"]),
                    MultiSelect = asked["multiSelect"] != null && asked["multiSelect"].Type == JTokenType.Boolean && (bool)asked["multiSelect"],
                };
                foreach (JToken option in (asked["options"] as JArray) ?? new JArray())
                {
                    var choice = option as JObject;
                    if (choice != null)
                        question.Choices.Add(new QuestionChoice { Label = Text(choice["label"]), Description = Text(choice["description"]) });
                }
                form.Questions.Add(question);
            }
            return form;
        }

        // The first question left without an answer, or null when every question has one.
        public Question Unanswered()
        {
            return Questions.FirstOrDefault(question => question.Answer().Length == 0);
        }

        // The updated input: the questions as the CLI sent them plus {question text: answer}, or null while
        // a question is unanswered.
        public JObject UpdatedInput()
        {
            if (Unanswered() != null)
                return null;
            var answers = new JObject();
            foreach (Question question in Questions)
                answers[question.Text] = question.Answer();
            var updated = (JObject)m_input.DeepClone();
            updated["answers"] = answers;
            return updated;
        }

        static string Text(JToken token)
        {
            return token != null && token.Type == JTokenType.String ? (string)token : string.Empty;
        }
    }
}
