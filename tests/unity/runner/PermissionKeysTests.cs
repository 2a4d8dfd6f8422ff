// The keyboard on the Unity window's permission cards, without Unity: which key sends which answer,
// when a new card takes the keyboard, and the focused card given back after a domain reload.
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class PermissionKeysTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.permission_keys_answer_the_focused_card"] = PermissionKeysAnswerTheFocusedCard;
            cases["viewmodel.kept_card_focus_restores_a_pending_card"] = KeptCardFocusRestoresAPendingCard;
        }

        static PermissionCard Card(Transcript transcript, string permission)
        {
            transcript.Apply(JObject.Parse(@"{""type"":""permission_requested"",""seq"":" + (transcript.LastSequence + 1) + @",""permission"":" + permission + "}"));
            return transcript.PendingPermissions[transcript.PendingPermissions.Count - 1];
        }

        const string Write = @"{""permission_id"":""write-1"",""tool_name"":""Write"",""input"":{""file_path"":""Assets/Docs/a.txt""},
            ""always_allow_rules"":[""Write(Assets/Docs/a.txt)""],
            ""always_allow_scopes"":[{""scope"":""tool"",""rule"":""Write""},{""scope"":""file"",""rule"":""Write(Assets/Docs/a.txt)""},
                                     {""scope"":""folder"",""rule"":""Write(Assets/Docs/**)""}]}";

        static void PermissionKeysAnswerTheFocusedCard(Options options)
        {
            var transcript = new Transcript();
            var commands = new PanelCommands();
            PermissionCard write = Card(transcript, Write);
            Func<PermissionCard, char, KeyModifiers, CompositionState, string, JObject> press = (card, key, modifiers, composition, message) =>
            {
                string command = new PermissionKeys().Answer(commands, card, key, modifiers, composition, message);
                return command == null ? null : JObject.Parse(command);
            };

            JObject allow = press(write, 'y', KeyModifiers.None, CompositionState.None, "");
            Check.Equal("answer_permission", (string)allow["type"], "Y answers the card");
            Check.Equal("write-1", (string)allow["permission_id"], "the card that holds the keyboard");
            Check.Equal("allow", (string)allow["decision"], "Y allows");
            Check.True(allow["message"] == null && allow["rule"] == null, "a plain allow");
            Check.Equal("allow", (string)press(write, 'Y', KeyModifiers.Shift, CompositionState.None, "")["decision"], "Shift+Y (capital Y) allows too, as in the browser");

            JObject deny = press(write, 'n', KeyModifiers.None, CompositionState.None, "");
            Check.Equal("deny", (string)deny["decision"], "N denies at once, as the browser's N clicks Deny");
            Check.True(deny["message"] == null, "with no reason when the field is empty");
            Check.Equal("Not that file <b>", (string)press(write, 'N', KeyModifiers.Shift, CompositionState.None, "Not that file <b>")["message"],
                        "with what the deny-message field holds, as the Deny button sends it");

            JObject always = press(write, 'a', KeyModifiers.None, CompositionState.None, "");
            Check.Equal("allow_always", (string)always["decision"], "A allows always");
            Check.Equal("Write(Assets/Docs/a.txt)", (string)always["rule"], "with the narrowest rule the card shows, never the bare Write listed first");
            Check.Equal(write.NarrowScopes()[0].Rule, (string)always["rule"], "the rule the card's first Always button saves");
            Check.True(always["tool_wide"] == null, "never the tool-wide confirmation");

            PermissionCard ours = Card(transcript, @"{""permission_id"":""play-1"",""tool_name"":""mcp__uap__uap_play_mode"",""input"":{},
                ""always_allow_scopes"":[{""scope"":""tool"",""rule"":""mcp__uap__uap_play_mode""}]}");
            Check.Equal("mcp__uap__uap_play_mode", (string)press(ours, 'a', KeyModifiers.None, CompositionState.None, "")["rule"],
                        "a tool with nothing narrower: the tool, as its only button");
            PermissionCard bare = Card(transcript, @"{""permission_id"":""bare-1"",""tool_name"":""mcp__other__x"",""input"":{}}");
            Check.True(press(bare, 'a', KeyModifiers.None, CompositionState.None, "") == null, "no rule offered: A does nothing (the card has no Always button)");
            Check.Equal("allow", (string)press(bare, 'y', KeyModifiers.None, CompositionState.None, "")["decision"], "but Y still allows it");

            foreach (char other in new[] { 'x', 'q', ' ', '\r', '\n', '\t', '\0', 'ｙ', 'は' })
                Check.True(press(write, other, KeyModifiers.None, CompositionState.None, "") == null, "the key " + (int)other + " answers nothing");
            foreach (KeyModifiers held in new[] { KeyModifiers.Control, KeyModifiers.Command, KeyModifiers.Alt, KeyModifiers.Control | KeyModifiers.Shift })
                Check.True(press(write, 'a', held, CompositionState.None, "") == null && press(write, 'y', held, CompositionState.None, "") == null,
                           "with " + held + " held the key is the editor's shortcut, no answer");
            foreach (char key in "ynaYNA")
                Check.True(press(write, key, KeyModifiers.None, CompositionState.Composing, "") == null, key + " while an IME composition is open answers nothing");

            PermissionCard question = Card(transcript, @"{""permission_id"":""ask-1"",""tool_name"":""AskUserQuestion"",
                ""input"":{""questions"":[{""question"":""Which scene?"",""header"":""Scene"",""multiSelect"":false,""options"":[{""label"":""Main""},{""label"":""Menu""}]}]},
                ""always_allow_scopes"":[{""scope"":""tool"",""rule"":""AskUserQuestion""}]}");
            Check.True(QuestionForm.For(question) != null, "the question card has its form");
            foreach (char key in "ynaYNA")
                Check.True(press(question, key, KeyModifiers.None, CompositionState.None, "") == null, key + " does not answer a question card: its form does");
            Check.True(press(null, 'y', KeyModifiers.None, CompositionState.None, "") == null, "no card, no answer");

            // One set of keys for the window: a held key repeats, but a card is answered once.
            var keys = new PermissionKeys();
            Check.True(keys.Answer(commands, write, 'y', KeyModifiers.None, CompositionState.None, "") != null, "the first Y answers");
            Check.True(keys.Answer(commands, write, 'y', KeyModifiers.None, CompositionState.None, "") == null, "a repeated Y sends nothing more");
            Check.True(keys.Answer(commands, write, 'n', KeyModifiers.None, CompositionState.None, "") == null, "nor does a change of mind by key");
            Check.True(keys.Answer(commands, ours, 'y', KeyModifiers.None, CompositionState.None, "") != null, "the next card answers again");

            // A new card takes the keyboard, as the browser's takeFocus decides.
            Check.True(PermissionKeys.TakesFocus(KeyboardHolder.Nothing), "nothing holds it: the card takes it");
            Check.True(PermissionKeys.TakesFocus(KeyboardHolder.EmptyField), "an empty composer: the card takes it");
            Check.True(!PermissionKeys.TakesFocus(KeyboardHolder.FieldWithText), "the user is typing in the composer: the card waits for a click");
            Check.True(!PermissionKeys.TakesFocus(KeyboardHolder.PermissionCard), "an earlier card still holds it: that one stays");
        }

        static void KeptCardFocusRestoresAPendingCard(Options options)
        {
            var values = new ViewModelTests.MemoryValues();
            var first = new KeptCardFocus(values);
            var none = new List<PermissionCard>();
            Check.True(first.Restore(none) == null, "nothing kept: nothing to give back");
            first.Keep("write-1");
            first.Keep("write-1");
            Check.Equal(1, values.Writes, "an unchanged focus is not written again");

            // A domain reload: a new window waits for its connection's snapshot.
            var transcript = new Transcript();
            var reloaded = new KeptCardFocus(values);
            reloaded.Keep(null);
            Check.Equal("write-1", values.Values["AgentPanel.Window.FocusedCard"], "the empty window before its snapshot does not overwrite the kept card");
            transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":3,""status"":{""state"":""waiting""},""transcript"":[],
                ""pending_permissions"":[{""permission_id"":""read-1"",""tool_name"":""Read"",""input"":{}}," + Write + "]}"));
            Check.Equal("write-1", reloaded.Restore(transcript.PendingPermissions), "the kept card still waits: it takes the keyboard back");
            Check.True(reloaded.Restore(transcript.PendingPermissions) == null, "only once; afterwards new cards follow the usual rule");
            reloaded.Keep(null);
            Check.Equal("", values.Values["AgentPanel.Window.FocusedCard"], "the focus left the card: nothing is kept");

            reloaded.Keep("write-1");
            var afterAnswer = new KeptCardFocus(values);
            transcript.Apply(JObject.Parse(@"{""type"":""permission_answered"",""seq"":4,""permission_id"":""write-1"",""decision"":""allow""}"));
            Check.True(afterAnswer.Restore(transcript.PendingPermissions) == null, "a card answered meanwhile is not given the keyboard");
            afterAnswer.Keep(null);
            Check.True(new KeptCardFocus(values).Restore(transcript.PendingPermissions) == null, "and is forgotten");

            // A language switch builds the cards anew in the same window: the card that held the keyboard gets it back.
            afterAnswer.Keep("read-1");
            afterAnswer.Rebuilt();
            afterAnswer.Keep(null);
            Check.Equal("read-1", afterAnswer.Restore(transcript.PendingPermissions), "the rebuilt card takes the keyboard back");
        }
    }
}
