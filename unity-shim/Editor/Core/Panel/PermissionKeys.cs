// Keyboard answers on a permission card, as the browser panel has them: a new card takes the keyboard,
// and while the card itself holds it Y allows, N denies and A allows always with the narrowest rule shown.
namespace AgentPanel.Panel
{
    // What holds the keyboard when a card arrives.
    public enum KeyboardHolder { Nothing, EmptyField, FieldWithText, PermissionCard }

    public sealed class PermissionKeys
    {
        // The card last answered by a key: a held key repeats, and the card stays until the host's
        // permission_answered removes it, so a second answer would only be refused.
        string m_answered;

        // A new card takes the keyboard unless the user types into a field holding text (their next key
        // would answer a card they have not read) or a card, or a field inside one, holds it already.
        public static bool TakesFocus(KeyboardHolder holder)
        {
            return holder != KeyboardHolder.FieldWithText && holder != KeyboardHolder.PermissionCard;
        }

        // The command a character typed on the focused card sends, or null: Y allows, N denies with what
        // the deny-message field holds (as the browser's Deny button), A allows always with the first of
        // the card's narrow rules (the one its first "Always allow" button saves, never the bare tool when
        // something narrower is offered). Nothing for other keys, with Control, Command or Alt held (the
        // editor's shortcuts), while an IME composition is open, for a question card (its own form
        // answers it) or for a card a key answered already.
        public string Answer(PanelCommands commands, PermissionCard card, char character, KeyModifiers modifiers,
                             CompositionState composition, string denyMessage)
        {
            if (card == null || composition == CompositionState.Composing || QuestionForm.For(card) != null ||
                (modifiers & (KeyModifiers.Control | KeyModifiers.Command | KeyModifiers.Alt)) != 0 || card.PermissionId == m_answered)
                return null;
            string command;
            switch (char.ToLowerInvariant(character))
            {
                case 'y': command = commands.AnswerPermission(card.PermissionId, PermissionDecision.Allow, null); break;
                case 'n': command = commands.AnswerPermission(card.PermissionId, PermissionDecision.Deny, denyMessage); break;
                case 'a':
                    var narrow = card.NarrowScopes();
                    if (narrow.Count == 0)
                        return null;
                    command = commands.AllowAlways(card.PermissionId, narrow[0].Rule);
                    break;
                default: return null;
            }
            m_answered = card.PermissionId;
            return command;
        }
    }
}
