// The settings' custom instructions: the project's own guidance the host adds to the agent's
// instructions. The field follows the host's value until the user starts typing in it.
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class CustomInstructions
    {
        // The host's value as the field last followed it: a field holding anything else is being edited.
        string m_saved = string.Empty;
        // The set_custom_instructions sent and the text it carried, until its command_result arrives.
        string m_saveId, m_saving;
        bool m_answered, m_answerOk;
        string m_refusal;

        // The host's value as last seen, for a field drawn anew.
        public string HostText { get { return m_saved; } }

        // What the field should show after this status: the host's value, or null while the user edits
        // (so a status arriving mid-sentence never takes the words away).
        public string Follow(JObject status, string fieldText)
        {
            string text = (string)status["custom_instructions"] ?? string.Empty;
            bool editing = (fieldText ?? string.Empty) != m_saved;
            m_saved = text;
            return editing ? null : text;
        }

        // The host's answer to the last Save: saved, its refusal, or empty before one (or once the
        // user typed again). In the window's language now, except the host's own words.
        public string Answer
        {
            get
            {
                if (!m_answered)
                    return string.Empty;
                return m_answerOk ? PanelStrings.Get("instructions.saved") : m_refusal;
            }
        }

        public bool AnswerIsRefusal { get { return m_answered && !m_answerOk; } }

        public string Save(PanelCommands commands, string text)
        {
            string command = commands.SetCustomInstructions(text ?? string.Empty);
            m_saveId = (string)JObject.Parse(command)["id"];
            m_saving = text ?? string.Empty;
            return command;
        }

        // The user typed: the last answer was about other words. A field the window set to the
        // host's value is no typing.
        public void Typed(string fieldText)
        {
            if ((fieldText ?? string.Empty) != m_saved)
                m_answered = false;
        }

        // From the transcript, for every message: only the answer to this Save matters.
        public void Apply(JObject message)
        {
            if ((string)message["type"] != "command_result" || m_saveId == null || (string)message["id"] != m_saveId)
                return;
            m_saveId = null;
            m_answered = true;
            m_answerOk = (bool?)message["ok"] ?? false;
            m_refusal = m_answerOk ? null : (string)message["error"] ?? "refused";
            if (m_answerOk)
                m_saved = m_saving;
        }
    }
}
