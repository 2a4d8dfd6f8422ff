// The settings' custom instructions: a multi-line field that follows the host's value until the user
// types in it, Save, and the host's answer (saved, or its refusal).
using System;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;
using UnityEngine.UIElements;

namespace AgentPanel.Editor
{
    sealed class InstructionsView
    {
        readonly CustomInstructions m_instructions;
        readonly TextField m_field;
        readonly Label m_answer;

        public InstructionsView(PanelCommands commands, Action<string> send, CustomInstructions instructions)
        {
            m_instructions = instructions;
            Element = new Foldout { text = PanelStrings.Get("instructions.title"), value = false };
            Element.Add(Labels.Classed(Labels.Text(PanelStrings.Get("instructions.help")), "uap-settings-help"));
            // A window drawn again (a language switch) starts from the host's value.
            m_field = new TextField { multiline = true, value = instructions.HostText };
            m_field.RegisterValueChangedCallback(changed => { m_instructions.Typed(m_field.value); ShowAnswer(); });
            Element.Add(m_field);
            VisualElement row = Labels.Row();
            row.Add(new Button(() => send(m_instructions.Save(commands, m_field.value))) { text = PanelStrings.Get("instructions.save") });
            m_answer = Labels.Text(string.Empty);
            row.Add(m_answer);
            Element.Add(row);
            ShowAnswer();
        }

        public Foldout Element { get; private set; }

        public void Render(JObject status)
        {
            string text = m_instructions.Follow(status, m_field.value);
            if (text != null && text != m_field.value)
                m_field.value = text;
            ShowAnswer();
        }

        void ShowAnswer()
        {
            string answer = PanelText.Literal(m_instructions.Answer);
            if (m_answer.text != answer)
                m_answer.text = answer;
            m_answer.EnableInClassList("uap-settings-refused", m_instructions.AnswerIsRefusal);
        }
    }
}
