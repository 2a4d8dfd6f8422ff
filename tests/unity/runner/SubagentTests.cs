// A subagent's work nested in the Agent call it worked for, as the browser panel nests it: live (the
// call's result before its subagent's items, as CLI 2.1.332 runs them in the background) and reopened.
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class SubagentTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.subagent_work_nests_in_its_agent_card"] = SubagentWorkNestsInItsAgentCard;
        }

        static Card Tool(Transcript transcript, string toolUseId)
        {
            return transcript.Cards.Find(card => card.Kind == CardKind.Tool && card.ToolUseId == toolUseId);
        }

        static void SubagentWorkNestsInItsAgentCard(Options options)
        {
            Languages.InEnglish(() =>
            {
                Live();
                Reopened();
                Bounded();
            });
        }

        static void Live()
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":1,""status"":{},""transcript"":[
                {""type"":""user_message"",""turn_id"":1,""text"":""Find the docs""},
                {""type"":""tool_started"",""turn_id"":1,""tool_use_id"":""toolu_agent"",""name"":""Agent"",""input"":{""description"":""Find docs"",""prompt"":""List every .md""}}]}"));
            foreach (string line in new[]
            {
                @"{""type"":""tool_finished"",""seq"":2,""turn_id"":1,""tool_use_id"":""toolu_agent"",""is_error"":false,""content"":""Async agent launched""}",
                @"{""type"":""subagent_task"",""seq"":3,""turn_id"":1,""tool_use_id"":""toolu_agent"",""phase"":""started"",""description"":""Find docs""}",
                @"{""type"":""user_message"",""seq"":4,""turn_id"":1,""text"":""List every .md"",""subagent"":true,""parent_tool_use_id"":""toolu_agent""}",
                @"{""type"":""assistant_thinking"",""seq"":5,""turn_id"":1,""text"":""glob first"",""truncated"":false,""subagent"":true,""parent_tool_use_id"":""toolu_agent""}",
                @"{""type"":""tool_started"",""seq"":6,""turn_id"":1,""tool_use_id"":""toolu_glob"",""name"":""Glob"",""input"":{""pattern"":""**/*.md""},""subagent"":true,""parent_tool_use_id"":""toolu_agent""}",
                @"{""type"":""subagent_task"",""seq"":7,""turn_id"":1,""tool_use_id"":""toolu_agent"",""phase"":""progress"",""description"":""Finding **/*.md""}",
            })
                transcript.Apply(JObject.Parse(line));
            Card agent = Tool(transcript, "toolu_agent");
            Check.True(agent.Finished && agent.Parent == null && !agent.Subagent, "the Agent call is the conversation's own, finished before its subagent");
            Check.Equal("Finding **/*.md", agent.SubagentLine(), "its header says what the subagent does now");
            int updates = agent.Updates;
            transcript.Apply(JObject.Parse(@"{""type"":""tool_finished"",""seq"":8,""turn_id"":1,""tool_use_id"":""toolu_glob"",""is_error"":false,""content"":""Docs/a.md"",""subagent"":true,""parent_tool_use_id"":""toolu_agent""}"));
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":9,""turn_id"":1,""text"":""One file: Docs/a.md"",""subagent"":true,""parent_tool_use_id"":""toolu_agent""}"));
            transcript.Apply(JObject.Parse(@"{""type"":""subagent_task"",""seq"":10,""turn_id"":1,""tool_use_id"":""toolu_agent"",""phase"":""finished"",""status"":""completed""}"));
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":11,""turn_id"":2,""text"":""The subagent found one file.""}"));
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":12,""turn_id"":2,""text"":""stray"",""subagent"":true,""parent_tool_use_id"":""toolu_gone""}"));
            transcript.Apply(JObject.Parse(@"{""type"":""subagent_task"",""seq"":13,""tool_use_id"":""toolu_gone"",""phase"":""finished"",""status"":""failed""}"));

            Check.Equal(8, transcript.Cards.Count, "every item is a card, in the order it came");
            List<Card> work = transcript.Cards.FindAll(card => card.Parent == agent);
            Check.Equal("User|Thinking|Tool|Assistant", string.Join("|", work.ConvertAll(card => card.Kind.ToString()).ToArray()), "the subagent's task, thinking, tool and answer go inside the call");
            Check.True(work.TrueForAll(card => card.Subagent), "each marked as the subagent's");
            Check.Equal("List every .md", work[0].Text, "the task the subagent was given");
            Check.True(Tool(transcript, "toolu_glob").Finished && Tool(transcript, "toolu_glob").ToolResult == "Docs/a.md", "the subagent's tool gets its result");
            Card answer = transcript.Cards[6];
            Check.True(answer.Parent == null && !answer.Subagent, "the main answer stays in the conversation");
            Card stray = transcript.Cards[7];
            Check.True(stray.Subagent && stray.Parent == null, "a subagent item whose call is unknown stays where it is, marked");
            Check.Equal("subagent completed", agent.SubagentLine(), "the header says how the subagent ended");
            Check.True(agent.Updates > updates, "a finished call's card changes again, so the window redraws its header");
            PanelStrings.Language = PanelLanguage.Japanese;
            Check.Equal("サブエージェント: completed", agent.SubagentLine(), "in Japanese, the CLI's word as it is");
            Check.Equal("サブエージェントへのタスク: List every .md", PanelStrings.Get("card.subagent_task", "text", work[0].Text), "the task's label in Japanese");
            PanelStrings.Language = PanelLanguage.English;
            Check.Equal("Task for the subagent: List every .md", PanelStrings.Get("card.subagent_task", "text", work[0].Text), "and in English");
            Check.True(Tool(transcript, "toolu_glob").SubagentLine() == null, "a call that started no subagent has no subagent line");
        }

        // A reopened session: the host lists the subagent's transcript after the main conversation,
        // naming the call when it knows it.
        static void Reopened()
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":20,""session_id"":""s-1"",""items"":[
                {""type"":""user_message"",""text"":""Find the docs""},
                {""type"":""tool_started"",""tool_use_id"":""toolu_A"",""name"":""Agent"",""input"":{""description"":""Find docs""}},
                {""type"":""tool_finished"",""tool_use_id"":""toolu_A"",""is_error"":false,""content"":""done""},
                {""type"":""assistant_message"",""text"":""Found them.""},
                {""type"":""user_message"",""text"":""List every .md"",""subagent"":true,""parent_tool_use_id"":""toolu_A""},
                {""type"":""tool_started"",""tool_use_id"":""toolu_B"",""name"":""Glob"",""input"":{},""subagent"":true,""parent_tool_use_id"":""toolu_A""},
                {""type"":""tool_finished"",""tool_use_id"":""toolu_B"",""is_error"":true,""content"":""no match"",""subagent"":true,""parent_tool_use_id"":""toolu_A""},
                {""type"":""assistant_message"",""text"":""Nothing matched."",""subagent"":true,""parent_tool_use_id"":""toolu_A""},
                {""type"":""assistant_message"",""text"":""an unlinked subagent"",""subagent"":true}]}"));
            Card agent = Tool(transcript, "toolu_A");
            List<Card> work = transcript.Cards.FindAll(card => card.Parent == agent);
            Check.Equal("List every .md|Glob|Nothing matched.", string.Join("|", work.ConvertAll(card => card.Kind == CardKind.Tool ? card.ToolName : card.Text).ToArray()),
                        "the reopened subagent's task and work go inside the call");
            Check.True(Tool(transcript, "toolu_B").IsError, "its tool's result reached its card");
            Card unlinked = transcript.Cards[transcript.Cards.Count - 1];
            Check.True(unlinked.Subagent && unlinked.Parent == null, "a subagent with no known call follows the conversation");
            Check.True(transcript.Cards[0].Parent == null && !transcript.Cards[0].Subagent, "the user's message is the user's");
            transcript.Apply(JObject.Parse(@"{""type"":""transcript_reset"",""seq"":21,""session_id"":"""",""items"":[]}"));
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":22,""text"":""late"",""subagent"":true,""parent_tool_use_id"":""toolu_A""}"));
            Check.True(transcript.Cards[0].Parent == null, "a new session forgets the old calls");
        }

        // An Agent call dropped from the front of a long transcript takes no more items.
        static void Bounded()
        {
            var transcript = new Transcript();
            transcript.Apply(JObject.Parse(@"{""type"":""tool_started"",""seq"":1,""tool_use_id"":""toolu_old"",""name"":""Agent"",""input"":{}}"));
            for (int card = 0; card < Transcript.MaxCards; ++card)
                transcript.Apply(new JObject { { "type", "notice" }, { "level", "info" }, { "text", "card " + card } });
            Check.True(Tool(transcript, "toolu_old") == null, "the call's card was dropped");
            transcript.Apply(JObject.Parse(@"{""type"":""assistant_message"",""seq"":3000,""text"":""late"",""subagent"":true,""parent_tool_use_id"":""toolu_old""}"));
            Check.True(transcript.Cards[transcript.Cards.Count - 1].Parent == null, "its subagent's late item follows the conversation");
            transcript.Apply(JObject.Parse(@"{""type"":""tool_finished"",""seq"":3001,""tool_use_id"":""toolu_old"",""is_error"":false,""content"":""x""}"));
            Check.Equal(Transcript.MaxCards, transcript.Cards.Count, "a result for a dropped card adds nothing");
        }
    }
}
