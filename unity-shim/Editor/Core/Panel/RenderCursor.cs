// Which of the transcript's cards a view has drawn, counted so that it survives the transcript
// dropping its oldest cards (the view keeps drawing new ones) and being reset (the view starts over).
using System;

namespace AgentPanel.Panel
{
    public sealed class RenderCursor
    {
        long m_next;      // The next card to draw, counted from the start of the transcript's epoch.
        int m_epoch = -1;

        // True when the view must clear what it drew first: its first draw, or the transcript was reset.
        public bool Restart(Transcript transcript)
        {
            if (transcript.Epoch == m_epoch)
                return false;
            m_epoch = transcript.Epoch;
            m_next = transcript.Dropped;
            return true;
        }

        // The index in Cards of the next card to draw; past the end when everything is drawn. Cards
        // dropped before they were drawn are skipped.
        public int NextIndex(Transcript transcript)
        {
            return (int)Math.Max(0, m_next - transcript.Dropped);
        }

        // Every card is drawn, and the transcript is the one this cursor started on.
        public bool Done(Transcript transcript)
        {
            return transcript.Epoch == m_epoch && NextIndex(transcript) >= transcript.Cards.Count;
        }

        public void Drew(Transcript transcript, int index)
        {
            m_next = transcript.Dropped + index + 1;
        }
    }
}
