// The main-thread pump's timing: one wake for requests arriving together, the budget's leftover asking
// for the next tick, queue waits in liveness (a clock stepped by hand), the budget setting's bounds, and requests arriving together
// under a simulated editor tick of 1 ms, 16 ms and 1 s, with the wake ignored and honoured, all served
// within one tick, with the measured arrival-to-execution latency printed.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Threading;
using AgentPanel.Bridge;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class PumpTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["core.pump_budget_and_queue_waits"] = PumpBudgetAndQueueWaits;
            cases["core.pump_serves_arrivals_within_one_tick"] = PumpServesArrivalsWithinOneTick;
        }

        static void FrameBudgetSettingIsBounded()
        {
            string problem;
            Check.Equal(TimeSpan.FromMilliseconds(FrameBudget.DefaultMs), FrameBudget.Parse(null, out problem), "no setting gives the default");
            Check.True(problem == null, "no setting is not a problem");
            Check.Equal(TimeSpan.FromMilliseconds(12), FrameBudget.Parse(" 12 ", out problem), "a whole number of milliseconds");
            foreach (string refused in new[] { "0", "101", "2.5", "fast" })
            {
                Check.Equal(TimeSpan.FromMilliseconds(FrameBudget.DefaultMs), FrameBudget.Parse(refused, out problem), "'" + refused + "' gives the default");
                Check.True(problem != null && problem.Contains(refused) && problem.Contains("Project Settings"), "the refusal names the value and the fix: " + problem);
            }
        }

        static void PumpBudgetAndQueueWaits(Options options)
        {
            long now = 100;
            int wakes = 0;
            var pump = new RequestPump(() => ++wakes, () => now);
            Check.True(pump.MainThreadReport(new EditorStatus())["queueWaitMs"] == null, "no wait is reported before any request");
            for (int index = 0; index < 16; ++index)
                pump.Enqueue(new QueuedRequest { Id = "together" + index, Method = "m" });
            Check.Equal(1, wakes, "sixteen requests arriving before the next tick ask for one wake");
            now += 400;
            Check.Equal(400L, (long)pump.MainThreadReport(new EditorStatus())["queueWaitMs"], "a queued request's age is its wait so far");
            var waits = new List<long>();
            int ran = pump.Pump(TimeSpan.FromMilliseconds(25), request => { waits.Add(now - request.ArrivedMs); now += 10; });
            Check.Equal(3, ran, "a tick runs requests until its budget is spent (10 ms each, 25 ms budget)");
            Check.Equal("400,410,420", string.Join(",", waits), "each waited from its arrival to its run");
            Check.Equal(2, wakes, "what the budget left asks for the next tick at once");
            pump.Enqueue(new QueuedRequest { Id = "late", Method = "m" });
            Check.Equal(2, wakes, "a wake already asked for covers a later arrival");
            now += 5;
            Check.Equal(14, pump.Pump(TimeSpan.FromSeconds(1), request => { }), "the next tick serves the rest, the late arrival too");
            Check.Equal(2, wakes, "an emptied queue asks for nothing");
            JObject report = pump.MainThreadReport(new EditorStatus());
            Check.Equal(435L, (long)report["queueWaitMs"], "the longest wait of the window (" + report + ")");
            now += 2 * WindowedMaximumWindowMs;
            Check.Equal(0L, (long)pump.MainThreadReport(new EditorStatus())["queueWaitMs"], "two quiet windows forget a wait");
            pump.Enqueue(new QueuedRequest { Id = "after", Method = "m" });
            Check.Equal(3, wakes, "the first arrival after a tick wakes again");
            FrameBudgetSettingIsBounded();
        }

        const long WindowedMaximumWindowMs = 5000;

        sealed class Round
        {
            public long TicksBegunAtArrival;
            public readonly Dictionary<string, long> ArrivedTicks = new Dictionary<string, long>();
            public readonly Dictionary<string, long> ExecutedTicks = new Dictionary<string, long>();
            public readonly Dictionary<string, long> ExecutedInTick = new Dictionary<string, long>();
            public readonly Dictionary<string, bool> TickWasWoken = new Dictionary<string, bool>();
        }

        // A simulated main thread ticks every gap (or at once when woken and wakes are honoured); a socket
        // thread enqueues 16 requests together. The design guarantees each runs in the tick running when it
        // arrived or the next one to begin (the test's budget is wide so a slow machine cannot spill them), and
        // that with wakes honoured that next tick is the woken one rather than the scheduled one.
        static void PumpServesArrivalsWithinOneTick(Options options)
        {
            foreach (int gapMs in new[] { 1, 16, 1000 })
                foreach (Wakes wakes in new[] { Wakes.Ignored, Wakes.Honoured })
                    MeasureRounds(gapMs, wakes, gapMs >= 1000 ? 3 : 10);
        }

        static void MeasureRounds(int gapMs, Wakes wakes, int rounds)
        {
            const int together = 16;
            var clock = Stopwatch.StartNew();
            var woken = new AutoResetEvent(false);
            var pump = new RequestPump(wakes == Wakes.Honoured ? (Action)(() => woken.Set()) : null);
            Round current = null;
            var done = new SemaphoreSlim(0);
            bool stopping = false;
            bool lastWaitWoken = false;
            var mainThread = new Thread(() =>
            {
                while (!Volatile.Read(ref stopping))
                {
                    bool tickWoken = lastWaitWoken;
                    pump.Pump(TimeSpan.FromSeconds(5), request =>
                    {
                        Round round = Volatile.Read(ref current);
                        lock (round)
                        {
                            round.ExecutedTicks[request.Id] = clock.ElapsedTicks;
                            round.ExecutedInTick[request.Id] = pump.TicksBegun;
                            round.TickWasWoken[request.Id] = tickWoken;
                        }
                        done.Release();
                    });
                    lastWaitWoken = woken.WaitOne(gapMs);
                }
            }) { Name = "simulated main thread, " + gapMs + " ms ticks", IsBackground = true };
            mainThread.Start();
            var waits = new List<double>();
            int ticksUsed = 0;
            var random = new Random(gapMs);
            try
            {
                for (int index = 0; index < rounds; ++index)
                {
                    // Arrive at some point within a gap, as a socket thread would.
                    Thread.Sleep(random.Next(0, gapMs + 1));
                    var round = new Round();
                    Volatile.Write(ref current, round);
                    lock (round)
                    {
                        for (int request = 0; request < together; ++request)
                        {
                            string id = "r" + index + "-" + request;
                            round.ArrivedTicks[id] = clock.ElapsedTicks;
                            pump.Enqueue(new QueuedRequest { Id = id, Method = "m" });
                        }
                        // Read after the last arrival: a tick that began before it may have missed it.
                        round.TicksBegunAtArrival = pump.TicksBegun;
                    }
                    for (int request = 0; request < together; ++request)
                        Check.True(done.Wait(TimeSpan.FromMilliseconds(10000 + 2 * gapMs)), "all sixteen requests ran (" + gapMs + " ms ticks, wake " + wakes + ")");
                    lock (round)
                    {
                        foreach (string id in round.ArrivedTicks.Keys)
                        {
                            long tick = round.ExecutedInTick[id];
                            Check.True(tick <= round.TicksBegunAtArrival + 1, "request " + id + " ran in tick " + tick + ", arrived while tick " +
                                       round.TicksBegunAtArrival + " was the last begun: within one tick (" + gapMs + " ms ticks, wake " + wakes + ")");
                            if (wakes == Wakes.Honoured && gapMs >= 1000)
                                Check.True(tick == round.TicksBegunAtArrival || round.TickWasWoken[id],
                                           "with the wake honoured, request " + id + " ran in a woken tick, not the scheduled one");
                            waits.Add((round.ExecutedTicks[id] - round.ArrivedTicks[id]) * 1000.0 / Stopwatch.Frequency);
                        }
                        ticksUsed = Math.Max(ticksUsed, round.ExecutedInTick.Values.Distinct().Count());
                    }
                }
            }
            finally
            {
                Volatile.Write(ref stopping, true);
                woken.Set();
                mainThread.Join(5000 + gapMs);
            }
            JObject report = pump.MainThreadReport(new EditorStatus());
            Check.True(report["queueWaitMs"] != null && (long)report["queueWaitMs"] <= (long)Math.Ceiling(waits.Max()) + 1,
                       "liveness reports the longest wait it measured (" + report + ", measured max " + waits.Max() + " ms)");
            waits.Sort();
            Console.WriteLine(string.Format("pump: {0,4} ms ticks, wake {1,-8}: {2} x {3} requests arriving together, arrival to execution " +
                                            "median {4:0.00} ms, p95 {5:0.00} ms, max {6:0.00} ms; at most {7} tick(s) per round; liveness queueWaitMs {8}",
                                            gapMs, wakes, rounds, together, waits[waits.Count / 2], waits[(int)(waits.Count * 0.95)], waits.Max(), ticksUsed,
                                            report["queueWaitMs"]));
        }
    }
}
