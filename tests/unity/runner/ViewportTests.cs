// The virtual transcript under mono: 10,000 cards with only the rows in view (and a few either side)
// built as elements, each frame's building held to its time budget, the view following the newest
// card until the user scrolls up, the jump back, and a reset or resume leaving no stale element.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class ViewportTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.transcript_virtualises_ten_thousand_items"] = TenThousandItems;
        }

        // A clock the work moves, so the budget is checked the same on a busy machine: each element built
        // moves it on by BuildCost (as if making that card's labels took that long), and every look at it
        // by ReadCost (the model's work between two looks). The real time is measured beside it.
        sealed class SimulatedClock : IFrameClock
        {
            public const double BuildCost = 0.35, ReadCost = 0.01;
            public double Simulated;

            public double Milliseconds { get { return Simulated += ReadCost; } }
        }

        // Stands in for the window: the elements it holds by card, laid out at a height the card decides.
        sealed class FakeView
        {
            public readonly Dictionary<Card, float> Elements = new Dictionary<Card, float>();
            public readonly HashSet<Card> Nested = new HashSet<Card>();
            public float ScrollOffset;
            public float ContentHeight;
            public bool PillShown;
            public int MostElements;
            public double SlowestFrame;
            public readonly List<double> RealModelWork = new List<double>();
            public int Frames;

            // One frame as AgentPanelWindow runs it: measure, plan, drop, build within the budget, place.
            public void Frame(TranscriptViewport viewport, Transcript transcript, SimulatedClock clock, float viewportHeight)
            {
                foreach (KeyValuePair<Card, float> element in Elements)
                    viewport.Measured(element.Key, element.Value);
                double start = clock.Simulated;
                var real = Stopwatch.StartNew();
                double building = 0;
                ViewportFrame frame = viewport.BeginFrame(transcript, ScrollOffset, viewportHeight);
                if (frame.Restarted)
                {
                    Elements.Clear();
                    Nested.Clear();
                }
                foreach (Card gone in frame.Removed)
                    Elements.Remove(gone);
                foreach (KeyValuePair<Card, Card> arrived in frame.NestedArrived)
                {
                    Check.True(Elements.ContainsKey(arrived.Key), "an item arrives only inside a built row");
                    Nested.Add(arrived.Value);
                }
                Card row;
                while (viewport.NextToBuild(out row))
                {
                    clock.Simulated += SimulatedClock.BuildCost;
                    building += SimulatedClock.BuildCost;
                    Elements[row] = LaidOutHeight(row);
                    foreach (Card inside in viewport.NestedIn(row))
                        Nested.Add(inside);
                    viewport.Built(row);
                }
                ContentHeight = frame.ContentHeight;
                // The scroll view clamps to the range it last laid out, as Unity's does.
                ScrollOffset = Math.Min(frame.ScrollOffset, Math.Max(0, ContentHeight - viewportHeight));
                viewport.Applied(ScrollOffset);
                PillShown = frame.ShowJumpToLatest;
                real.Stop();
                SlowestFrame = Math.Max(SlowestFrame, clock.Simulated - start);
                RealModelWork.Add(real.Elapsed.TotalMilliseconds);
                MostElements = Math.Max(MostElements, Elements.Count);
                ++Frames;
            }

            // Until every row in range is built (each frame only builds what its budget allows).
            public int Settle(TranscriptViewport viewport, Transcript transcript, SimulatedClock clock, float viewportHeight)
            {
                int frames = 0;
                do
                {
                    Frame(viewport, transcript, clock, viewportHeight);
                    ++frames;
                    Check.True(frames < 200, "the view settles within 200 frames");
                } while (viewport.Pending > 0 || frames < 2);
                return frames;
            }
        }

        // Laid out, a card is not what was estimated: the view measures it and the model moves tops after it.
        static float LaidOutHeight(Card card)
        {
            return 30 + (card.Text.Length % 7) * 9;
        }

        static JObject Message(int number)
        {
            return new JObject { { "type", "assistant_message" }, { "turn_id", 1 + number / 10 }, { "text", "reply " + number + new string('.', number % 13) } };
        }

        static double Median(List<double> values)
        {
            List<double> sorted = values.OrderBy(value => value).ToList();
            return sorted[sorted.Count / 2];
        }

        static string Figures(FakeView view)
        {
            List<double> sorted = view.RealModelWork.OrderBy(value => value).ToList();
            return view.Frames + " frames, slowest by the budget's clock " + view.SlowestFrame.ToString("0.000") + " ms (" + SimulatedClock.BuildCost +
                   " ms per element built); the model's own real time per frame: median " + Median(sorted).ToString("0.000") + " ms, 95th percentile " +
                   sorted[(int)(sorted.Count * 0.95)].ToString("0.000") + " ms, slowest " + sorted[sorted.Count - 1].ToString("0.000") + " ms";
        }

        static void TenThousandItems(Options options)
        {
            const float viewportHeight = 600;
            const int items = 10000;
            Check.True(Transcript.MaxCards >= items, "the transcript keeps 10,000 cards: " + Transcript.MaxCards);
            var transcript = new Transcript();
            var clock = new SimulatedClock();
            var viewport = new TranscriptViewport(clock);
            var view = new FakeView();
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""seq"":1,""status"":{},""transcript"":[],""pending_permissions"":[]}"));
            for (int number = 0; number < items; ++number)
                transcript.Apply(Message(number));
            Check.Equal(items, transcript.Cards.Count, "all 10,000 cards are kept");

            // Warm-up: mono compiles each method at its first call, as Unity's editor does once per domain.
            var warmTranscript = new Transcript();
            for (int number = 0; number < 50; ++number)
                warmTranscript.Apply(Message(number));
            new FakeView().Settle(new TranscriptViewport(new SimulatedClock()), warmTranscript, new SimulatedClock(), viewportHeight);

            // The first look at 10,000 cards: at the bottom, only the rows in view and the overscan built.
            int frames = view.Settle(viewport, transcript, clock, viewportHeight);
            int bound = (int)Math.Ceiling(viewportHeight / 30) + 1 + 2 * TranscriptViewport.Overscan;
            Console.WriteLine("10,000 items: " + view.MostElements + " elements at most (bound " + bound + "), built in " + frames +
                              " frames; " + Figures(view));
            Check.True(view.MostElements <= bound, "elements stay bounded: " + view.MostElements);
            Check.True(view.Elements.ContainsKey(transcript.Cards.Last()), "the newest card is built");
            Check.True(viewport.Following && !view.PillShown, "the view follows the newest card");
            Check.True(Math.Abs(view.ScrollOffset - (view.ContentHeight - viewportHeight)) < 0.5f, "scrolled to the bottom");
            // A frame may pass its budget by at most the one element it started before the time ran out
            // (and the 64 cards the intake takes in between two looks at the clock).
            Check.True(view.SlowestFrame <= TranscriptViewport.DefaultFrameBudgetMilliseconds + SimulatedClock.BuildCost + 2 * SimulatedClock.ReadCost,
                       "each frame keeps to its budget: " + view.SlowestFrame + " ms");

            // New cards while following: the view stays at the bottom.
            for (int number = items; number < items + 20; ++number)
                transcript.Apply(Message(number));
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(view.Elements.ContainsKey(transcript.Cards.Last()), "a new card is built as it arrives");
            Check.True(Math.Abs(view.ScrollOffset - (view.ContentHeight - viewportHeight)) < 0.5f, "still at the bottom");

            // The user scrolls up to the middle: following stops, the pill shows, and new cards do not move what is read.
            view.ScrollOffset = view.ContentHeight / 2;
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(!viewport.Following && view.PillShown, "scrolled up: the pill shows and the view no longer follows");
            Card read = viewport.BuiltRows().First(card => viewport.TopOf(card) >= view.ScrollOffset);
            float readAt = viewport.TopOf(read) - view.ScrollOffset;
            for (int number = items + 20; number < items + 60; ++number)
                transcript.Apply(Message(number));
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(!view.Elements.ContainsKey(transcript.Cards.Last()), "the newest card is not built while the user reads above");
            Check.True(Math.Abs(viewport.TopOf(read) - view.ScrollOffset - readAt) < 0.5f, "the card being read stays where it was");
            Check.True(view.MostElements <= bound, "still bounded in the middle: " + view.MostElements);
            Check.True(view.Elements.Keys.All(card => transcript.Cards.Contains(card)), "every element is a kept card");

            // The transcript dropping its oldest cards past the bound keeps the reader's place too.
            int past = Transcript.MaxCards - transcript.Cards.Count + 50;
            for (int number = 0; number < past; ++number)
                transcript.Apply(Message(items + 60 + number));
            Check.True(transcript.Dropped >= 50, "the oldest cards went: " + transcript.Dropped);
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(Math.Abs(viewport.TopOf(read) - view.ScrollOffset - readAt) < 0.5f, "dropping old cards does not move the card being read");

            // Jump to latest: following again, at the bottom, the newest card built, the pill gone.
            viewport.JumpToLatest();
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(viewport.Following && !view.PillShown, "the pill brings following back");
            Check.True(view.Elements.ContainsKey(transcript.Cards.Last()), "the newest card is built after the jump");
            Check.True(Math.Abs(view.ScrollOffset - (view.ContentHeight - viewportHeight)) < 0.5f, "at the bottom after the jump");
            // Scrolling back down by hand follows again too.
            view.ScrollOffset = 0;
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(!viewport.Following, "scrolled to the top");
            view.ScrollOffset = view.ContentHeight;
            view.Settle(viewport, transcript, clock, viewportHeight);
            Check.True(viewport.Following && !view.PillShown, "back at the bottom by hand: following again");

            // A reset (a resume or a retry) starts a new epoch: no element of the old transcript stays.
            List<Card> before = view.Elements.Keys.ToList();
            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":2,""items"":[
                {""type"":""user_message"",""turn_id"":1,""text"":""resumed""},{""type"":""assistant_message"",""turn_id"":1,""text"":""hello again""}]}"));
            view.Frame(viewport, transcript, clock, viewportHeight);
            Check.True(view.Elements.Keys.All(card => transcript.Cards.Contains(card)), "no stale element after the reset");
            Check.True(before.All(card => !view.Elements.ContainsKey(card)), "the old elements are gone");
            Check.Equal(2, view.Elements.Count, "the resumed session's two cards are built");
            Check.True(viewport.Following, "a reset follows the newest again");
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""seq"":3,""status"":{},""transcript"":[{""type"":""user_message"",""turn_id"":1,""text"":""again""}],""pending_permissions"":[]}"));
            view.Frame(viewport, transcript, clock, viewportHeight);
            Check.Equal(1, view.Elements.Count, "a new snapshot leaves only its own card");

            // A subagent's items are no rows of their own: they go inside their Agent call's built row.
            transcript.Apply(JObject.Parse(@"{""type"":""tool_started"",""seq"":4,""turn_id"":2,""tool_use_id"":""agent-1"",""name"":""Agent"",""input"":{""description"":""look""}}"));
            view.Frame(viewport, transcript, clock, viewportHeight);
            Card call = transcript.Cards.Last();
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":5,""turn_id"":2,""subagent"":true,""parent_tool_use_id"":""agent-1"",""text"":""found it""}"));
            view.Frame(viewport, transcript, clock, viewportHeight);
            Card inside = transcript.Cards.Last();
            Check.Equal(2, viewport.RowCount, "the subagent's answer is no row of its own");
            Check.True(viewport.NestedIn(call).Contains(inside) && view.Nested.Contains(inside), "it arrives inside the built Agent call");
            Check.True(!view.Elements.ContainsKey(inside), "and is no element of the list");
            Console.WriteLine("after scrolling, jumping, dropping and resetting: " + view.MostElements + " elements at most; " + Figures(view));
            // The model's own real time per frame, without the simulated building: the median is what a
            // frame costs; single frames can be longer when the machine is busy or a collection runs.
            Check.True(Median(view.RealModelWork) < TranscriptViewport.DefaultFrameBudgetMilliseconds, "the model's median frame is within the budget");
        }
    }
}
