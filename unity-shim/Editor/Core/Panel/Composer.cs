// The message composer's key rules: Enter sends and Shift+Enter is a newline, except that Enter
// never sends while an IME composition is open (it confirms the kana→kanji conversion instead).
// With the Ctrl+Enter setting only Ctrl/Cmd+Enter sends.
namespace AgentPanel.Panel
{
    public enum SendKey { Enter, ControlEnter }

    public enum ComposerKey { Enter, Other }

    [System.Flags]
    public enum KeyModifiers { None = 0, Shift = 1, Control = 2, Command = 4, Alt = 8 }

    public enum CompositionState { None, Composing }

    public enum ComposerAction { None, Send, InsertNewline, ConfirmComposition }

    public sealed class Composer
    {
        public string Text = string.Empty;
        public SendKey SendKey = SendKey.Enter;

        // Decides what a key press does; Send also returns the text and clears the composer.
        public ComposerAction OnKey(ComposerKey key, KeyModifiers modifiers, CompositionState composition, out string sent)
        {
            sent = null;
            if (key != ComposerKey.Enter)
                return ComposerAction.None;
            if (composition == CompositionState.Composing)
                return ComposerAction.ConfirmComposition;
            bool control = (modifiers & (KeyModifiers.Control | KeyModifiers.Command)) != 0;
            bool shift = (modifiers & KeyModifiers.Shift) != 0;
            bool sends = SendKey == SendKey.Enter ? !shift : control;
            if (!sends)
                return ComposerAction.InsertNewline;
            if (Text.Trim().Length == 0)
                return ComposerAction.None;
            sent = Text;
            Text = string.Empty;
            return ComposerAction.Send;
        }
    }
}
