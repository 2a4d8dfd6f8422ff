// What the window's tab shows while the user works elsewhere in the editor: a permission card that
// waits for an answer, or a turn that finished unseen. Unity-free, so its rules are tested under mono;
// the window only draws the answer.
namespace AgentPanel.Panel
{
    public enum Attention { None, CardWaiting, TurnFinished }

    public enum WindowFocus { Focused, Unfocused }

    public sealed class AttentionBadge
    {
        const long NothingSeenYet = -1;
        // The newest finished turn the user could have seen: the newest one whenever the window had
        // focus, and at the first look, so the turns of an opened session never count as news.
        long m_seenTurn = NothingSeenYet;

        public Attention Observe(Transcript transcript, WindowFocus focus)
        {
            // Before the host's snapshot there is nothing to judge, and its turns are not news.
            if (transcript.LastSequence < 0)
                return Attention.None;
            long newest = NewestFinishedTurn(transcript);
            // A new session numbers its turns from the start again.
            if (m_seenTurn == NothingSeenYet || newest < m_seenTurn || focus == WindowFocus.Focused)
                m_seenTurn = newest;
            if (focus == WindowFocus.Focused)
                return Attention.None;
            if (transcript.PendingPermissions.Count > 0)
                return Attention.CardWaiting;
            return newest > m_seenTurn ? Attention.TurnFinished : Attention.None;
        }

        static long NewestFinishedTurn(Transcript transcript)
        {
            for (int index = transcript.Cards.Count - 1; index >= 0; --index)
                if (transcript.Cards[index].Kind == CardKind.TurnFinished)
                    return transcript.Cards[index].TurnId;
            return 0;
        }
    }
}
