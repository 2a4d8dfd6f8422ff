// The transcript as a virtual list: which cards must exist as elements (those in view and a few either
// side), where each sits, whether the view follows the newest card, and how much building one frame may do.
using System;
using System.Collections.Generic;

namespace AgentPanel.Panel
{
    // Milliseconds from any fixed start: the window passes a stopwatch, tests a clock they move themselves.
    public interface IFrameClock
    {
        double Milliseconds { get; }
    }

    public sealed class StopwatchClock : IFrameClock
    {
        readonly System.Diagnostics.Stopwatch m_watch = System.Diagnostics.Stopwatch.StartNew();

        public double Milliseconds { get { return m_watch.Elapsed.TotalMilliseconds; } }
    }

    // What the view must do this frame before it builds the rows NextToBuild hands out.
    public sealed class ViewportFrame
    {
        public bool Restarted;                                 // a snapshot, reset or resume: every element goes
        public readonly List<Card> Removed = new List<Card>(); // rows out of range or dropped: their elements go
        // Items that arrived for a built row (key): the view places each (value) inside that row.
        public readonly List<KeyValuePair<Card, Card>> NestedArrived = new List<KeyValuePair<Card, Card>>();
        public float ContentHeight;
        public float ScrollOffset;
        public bool ShowJumpToLatest;
    }

    public sealed class TranscriptViewport
    {
        // Rows kept as elements beyond each edge of the view, so a small scroll shows built cards.
        public const int Overscan = 3;
        // Offsets this close to the bottom count as being at the bottom (a fraction of a line).
        public const float BottomSlack = 8f;
        public const double DefaultFrameBudgetMilliseconds = 2.0;
        const float LineHeight = 18f, CardPadding = 14f, FoldedHeight = 26f;
        const int CharactersPerLine = 90, MaxEstimatedLines = 60;

        // One top-level card of the list and the subagent items shown inside it.
        sealed class Row
        {
            public Card Card;
            public float Height = float.NaN;  // measured; NaN until the view laid it out
            public float Estimate;
            public bool Built;
            public List<Card> Nested;        // made when the first item goes inside
            public float Size { get { return float.IsNaN(Height) ? Estimate : Height; } }
        }

        static readonly IList<Card> NoCards = new List<Card>().AsReadOnly();
        readonly IFrameClock m_clock;
        readonly double m_budget;
        readonly List<Row> m_rows = new List<Row>();
        // Tops of the rows, valid below m_topsValid; a change recomputes only from the changed row on.
        readonly List<float> m_tops = new List<float>();
        int m_topsValid;
        int m_epoch = int.MinValue;
        long m_seen;                       // transcript cards taken in, counted from the epoch's start
        float m_offset, m_viewport, m_lastMaximum;
        // Height that changed above the first row in view since the last frame: the view shifts by it,
        // so what the user reads stays where it is while cards above are measured or dropped.
        float m_shiftAbove;
        int m_firstInView;
        bool m_following = true;
        double m_frameStart;
        readonly List<Row> m_toBuild = new List<Row>();
        int m_nextToBuild, m_builtThisFrame, m_intakeLeft;
        readonly List<Row> m_built = new List<Row>();

        public TranscriptViewport(IFrameClock clock, double budgetMilliseconds = DefaultFrameBudgetMilliseconds)
        {
            m_clock = clock;
            m_budget = budgetMilliseconds;
        }

        // True while the view sticks to the newest card; false once the user scrolled up.
        public bool Following { get { return m_following; } }
        public int RowCount { get { return m_rows.Count; } }
        public int BuiltCount { get { return m_built.Count; } }
        // Work left when the frame's time ran out: cards still to take in, rows in range still to build.
        public int Pending { get { return m_intakeLeft + m_toBuild.Count - m_nextToBuild; } }
        public int Epoch { get { return m_epoch; } }

        // Cards built as elements now, oldest first.
        public List<Card> BuiltRows()
        {
            var built = m_built.ConvertAll(row => row.Card);
            built.Sort((left, right) => left.Number.CompareTo(right.Number));
            return built;
        }

        public IList<Card> NestedIn(Card row)
        {
            Row found = Find(row);
            return found != null && found.Nested != null ? found.Nested.AsReadOnly() : NoCards;
        }

        public float TopOf(Card row)
        {
            int index = IndexOf(row);
            if (index < 0)
                return 0;
            UpdateTops();
            return m_tops[index];
        }

        // The laid-out height of a built row; a change above the view moves the view with it.
        public void Measured(Card card, float height)
        {
            int index = IndexOf(card);
            if (float.IsNaN(height) || height < 0 || index < 0 || m_rows[index].Size == height)
                return;
            Row row = m_rows[index];
            if (index < m_firstInView)
                m_shiftAbove += height - row.Size;
            row.Height = height;
            m_topsValid = Math.Min(m_topsValid, index);
        }

        // The offset the view holds after it applied the frame's (a scroll view clamps it to the range it
        // last laid out), so only the user's own scrolling reads as a move away from it.
        public void Applied(float offset)
        {
            if (!float.IsNaN(offset))
                m_offset = offset;
        }

        // The pill: follow the newest card again from the next frame on.
        public void JumpToLatest()
        {
            m_following = true;
        }

        // Takes in the transcript's changes, reads where the user scrolled, and plans the frame: which
        // elements go and which rows to build (NextToBuild), within the frame's time from here on.
        public ViewportFrame BeginFrame(Transcript transcript, float scrollOffset, float viewportHeight)
        {
            m_frameStart = m_clock.Milliseconds;
            m_toBuild.Clear();
            m_nextToBuild = 0;
            m_builtThisFrame = 0;
            var frame = new ViewportFrame();
            Follow(transcript, frame);
            UpdateTops();
            float total = Total();
            frame.ContentHeight = total;
            frame.ShowJumpToLatest = !m_following;
            if (m_intakeLeft > 0)
            {
                // Still taking in a large transcript (a resume of a long session): nothing is placed until
                // every card is in, so the view never shows the middle of the list on its way to the end.
                frame.ScrollOffset = m_offset;
                return frame;
            }
            bool scrolledByUser = !frame.Restarted && !float.IsNaN(scrollOffset) && Math.Abs(scrollOffset - m_offset) > 0.5f;
            m_viewport = Math.Max(0, viewportHeight);
            if (frame.Restarted)
                m_offset = 0;
            else if (scrolledByUser)
            {
                // The user moved the view: away from the bottom stops following, back to it follows again.
                m_offset = scrollOffset;
                m_following = scrollOffset >= m_lastMaximum - BottomSlack;
            }
            else
                m_offset += m_shiftAbove;
            m_shiftAbove = 0;
            float maximum = Math.Max(0, total - m_viewport);
            if (m_following)
                m_offset = maximum;
            m_offset = Math.Max(0, Math.Min(m_offset, maximum));
            m_lastMaximum = maximum;
            frame.ScrollOffset = m_offset;
            frame.ShowJumpToLatest = !m_following;
            Plan(frame);
            return frame;
        }

        // The next row to build, in view first, then the overscan; false once the frame's time is spent
        // (at least one row is built each frame, so a slow card never stops the list).
        public bool NextToBuild(out Card card)
        {
            card = null;
            while (m_nextToBuild < m_toBuild.Count && m_toBuild[m_nextToBuild].Built)
                ++m_nextToBuild;
            if (m_nextToBuild >= m_toBuild.Count)
                return false;
            if (m_clock.Milliseconds - m_frameStart >= m_budget && m_builtThisFrame > 0)
                return false;
            card = m_toBuild[m_nextToBuild].Card;
            return true;
        }

        public void Built(Card card)
        {
            Row row = Find(card);
            if (row == null || row.Built)
                return;
            row.Built = true;
            m_built.Add(row);
            ++m_builtThisFrame;
        }

        // Time spent since BeginFrame, by the frame's clock.
        public double FrameMilliseconds { get { return m_clock.Milliseconds - m_frameStart; } }

        void Follow(Transcript transcript, ViewportFrame frame)
        {
            if (transcript.Epoch != m_epoch)
            {
                m_epoch = transcript.Epoch;
                m_rows.Clear();
                m_tops.Clear();
                m_topsValid = 0;
                m_seen = transcript.Dropped;
                m_built.Clear();
                m_shiftAbove = 0;
                m_following = true;
                frame.Restarted = true;
            }
            // The oldest cards the transcript dropped: their rows go, and the view keeps its place.
            int dropped = 0;
            while (dropped < m_rows.Count && m_rows[dropped].Card.Number < transcript.Dropped)
            {
                Row row = m_rows[dropped++];
                if (row.Built)
                {
                    frame.Removed.Add(row.Card);
                    m_built.Remove(row);
                }
                m_shiftAbove -= row.Size;
            }
            if (dropped > 0)
            {
                m_rows.RemoveRange(0, dropped);
                m_topsValid = 0;
                m_firstInView = Math.Max(0, m_firstInView - dropped);
            }
            long end = transcript.Dropped + transcript.Cards.Count;
            long number = Math.Max(m_seen, transcript.Dropped);
            for (; number < end; ++number)
            {
                // Taking a card in is cheap, but 10,000 at once (and the collections they cause) are not.
                if ((number & 63) == 0 && m_clock.Milliseconds - m_frameStart >= m_budget)
                    break;
                Card card = transcript.Cards[(int)(number - transcript.Dropped)];
                Row owner = Owner(card);
                if (owner != null)
                {
                    if (owner.Nested == null)
                        owner.Nested = new List<Card>();
                    owner.Nested.Add(card);
                    if (owner.Built)
                        frame.NestedArrived.Add(new KeyValuePair<Card, Card>(owner.Card, card));
                    continue;
                }
                m_rows.Add(new Row { Card = card, Estimate = Estimate(card) });
            }
            m_seen = number;
            m_intakeLeft = (int)(end - number);
        }

        // The kept row a subagent's item goes inside: its outermost Agent call's; null for a row of its own.
        Row Owner(Card card)
        {
            Card top = card.Parent;
            while (top != null && top.Parent != null)
                top = top.Parent;
            return top != null ? Find(top) : null;
        }

        // Which rows are in range: those they replace go now, the rest are queued in view first.
        void Plan(ViewportFrame frame)
        {
            if (m_rows.Count == 0)
                return;
            int first = RowAt(m_offset);
            int last = RowAt(m_offset + m_viewport);
            m_firstInView = first;
            int from = Math.Max(0, first - Overscan), to = Math.Min(m_rows.Count - 1, last + Overscan);
            for (int position = m_built.Count - 1; position >= 0; --position)
            {
                Row row = m_built[position];
                int index = IndexOf(row.Card);
                if (index >= from && index <= to)
                    continue;
                row.Built = false;
                m_built.RemoveAt(position);
                frame.Removed.Add(row.Card);
            }
            for (int index = first; index <= last; ++index)
                m_toBuild.Add(m_rows[index]);
            for (int step = 1; step <= Overscan; ++step)
            {
                if (last + step <= to)
                    m_toBuild.Add(m_rows[last + step]);
                if (first - step >= from)
                    m_toBuild.Add(m_rows[first - step]);
            }
        }

        // Rows are in the order of their cards' numbers, so a row is found by halving; -1 when not a row.
        int IndexOf(Card card)
        {
            int low = 0, high = m_rows.Count - 1;
            while (low <= high)
            {
                int middle = (low + high) / 2;
                long number = m_rows[middle].Card.Number;
                if (number == card.Number)
                    return m_rows[middle].Card == card ? middle : -1;
                if (number < card.Number)
                    low = middle + 1;
                else
                    high = middle - 1;
            }
            return -1;
        }

        Row Find(Card card)
        {
            int index = IndexOf(card);
            return index < 0 ? null : m_rows[index];
        }

        // The row covering that offset (the last one past the end).
        int RowAt(float offset)
        {
            int low = 0, high = m_rows.Count - 1;
            while (low < high)
            {
                int middle = (low + high + 1) / 2;
                if (m_tops[middle] <= offset)
                    low = middle;
                else
                    high = middle - 1;
            }
            return low;
        }

        void UpdateTops()
        {
            while (m_tops.Count > m_rows.Count)
                m_tops.RemoveAt(m_tops.Count - 1);
            while (m_tops.Count < m_rows.Count)
                m_tops.Add(0);
            for (int index = Math.Max(0, m_topsValid); index < m_rows.Count; ++index)
                m_tops[index] = index == 0 ? 0 : m_tops[index - 1] + m_rows[index - 1].Size;
            m_topsValid = m_rows.Count;
        }

        float Total()
        {
            return m_rows.Count == 0 ? 0 : m_tops[m_rows.Count - 1] + m_rows[m_rows.Count - 1].Size;
        }

        // Before a card is laid out: folded cards are one line, text grows with its lines (bounded, since
        // a long text is split into labels that still add up to about this).
        static float Estimate(Card card)
        {
            if (card.Kind == CardKind.Tool || card.Kind == CardKind.Thinking)
                return FoldedHeight;
            string text = card.Text;
            int lines = 1 + text.Length / CharactersPerLine;
            for (int newline = text.IndexOf('\n'); newline >= 0 && lines < MaxEstimatedLines; newline = text.IndexOf('\n', newline + 1))
                ++lines;
            return CardPadding + Math.Min(lines, MaxEstimatedLines) * LineHeight;
        }
    }
}
