// The window's settings beside the browser panel's: custom instructions that follow the host until
// the user types, and the user's own quick actions read, added, deleted and refused as the host answers.
using System;
using System.Collections.Generic;
using AgentPanel.Panel;
using Newtonsoft.Json.Linq;

namespace AgentPanel.Tests
{
    public static class PanelSettingsTests
    {
        public static void Register(IDictionary<string, Action<Options>> cases)
        {
            cases["viewmodel.custom_instructions_follow_the_host"] = CustomInstructionsFollowTheHost;
            cases["viewmodel.own_quick_actions_read_add_delete"] = OwnQuickActionsReadAddDelete;
        }

        static JObject Status(string instructions)
        {
            return new JObject { { "custom_instructions", instructions } };
        }

        static JObject Result(string command, bool ok, string fields)
        {
            JObject sent = JObject.Parse(command);
            return JObject.Parse(@"{""type"":""command_result"",""id"":""" + (string)sent["id"] + @""",""command"":""" + (string)sent["type"] + @""",""ok"":" +
                                 (ok ? "true" : "false") + (fields.Length > 0 ? "," + fields : string.Empty) + "}");
        }

        static void CustomInstructionsFollowTheHost(Options options)
        {
            Languages.InEnglish(() =>
            {
                var commands = new PanelCommands();
                var transcript = new Transcript();
                CustomInstructions instructions = transcript.Instructions;
                Check.Equal("", instructions.Follow(new JObject(), ""), "no instructions: an empty field");
                Check.Equal("Name scripts in PascalCase.", instructions.Follow(Status("Name scripts in PascalCase."), ""), "an untouched field takes the host's value");
                Check.Equal("Leave Assets/Vendor alone.", instructions.Follow(Status("Leave Assets/Vendor alone."), "Name scripts in PascalCase."),
                            "and the next one, saved by another front-end");
                Check.Equal("Leave Assets/Vendor alone.", instructions.HostText, "a field drawn anew starts from the host's value");
                Check.True(instructions.Follow(Status("From the browser"), "Leave Assets/Vendor alone, and") == null, "a field the user types in keeps the user's words");
                Check.True(instructions.Follow(Status("From the browser"), "Leave Assets/Vendor alone, and") == null, "also at the next status");

                string save = instructions.Save(commands, "Leave Assets/Vendor alone, and <b>answer briefly</b>.");
                JObject sent = JObject.Parse(save);
                Check.Equal("set_custom_instructions", (string)sent["type"], "Save's command");
                Check.Equal("Leave Assets/Vendor alone, and <b>answer briefly</b>.", (string)sent["text"], "the words as typed, untranslated");
                Check.Equal("", instructions.Answer, "no answer before the host's");
                transcript.Apply(JObject.Parse(@"{""type"":""command_result"",""id"":""panel-999"",""command"":""set_custom_instructions"",""ok"":false,""error"":""not this one""}"));
                Check.Equal("", instructions.Answer, "another command's answer is not this Save's");
                transcript.Apply(Result(save, true, string.Empty));
                Check.Equal("Saved: the next message carries them.", instructions.Answer, "the host took them");
                Check.True(!instructions.AnswerIsRefusal, "not a refusal");
                Check.Equal("Leave Assets/Vendor alone, and <b>answer briefly</b>.",
                            instructions.Follow(Status("Leave Assets/Vendor alone, and <b>answer briefly</b>."), "Leave Assets/Vendor alone, and <b>answer briefly</b>."),
                            "the saved words are the host's");
                Check.Equal("Reply in Japanese.", instructions.Follow(Status("Reply in Japanese."), "Leave Assets/Vendor alone, and <b>answer briefly</b>."),
                            "so the field follows the host again after a save");
                instructions.Typed("Reply in Japanese.");
                Check.Equal("Saved: the next message carries them.", instructions.Answer, "the field following the host is no typing");
                PanelStrings.Language = PanelLanguage.Japanese;
                Check.Equal("保存しました。次のメッセージから使われます。", instructions.Answer, "the answer in Japanese");
                PanelStrings.Language = PanelLanguage.English;
                instructions.Typed("Reply in Japanese!");
                Check.Equal("", instructions.Answer, "typing clears the last answer");

                string tooLong = new string('x', 17000);
                string refused = instructions.Save(commands, tooLong);
                Check.Equal(17000, ((string)JObject.Parse(refused)["text"]).Length, "the window sends what the user wrote; the host holds the limit");
                transcript.Apply(Result(refused, false, @"""error"":""custom instructions are 17000 bytes, at most 16384: put longer guidance in a project profile"""));
                Check.Equal("custom instructions are 17000 bytes, at most 16384: put longer guidance in a project profile", instructions.Answer, "the host's refusal, word for word");
                Check.True(instructions.AnswerIsRefusal, "shown as a refusal");
                Check.True(instructions.Follow(Status("Reply in Japanese."), tooLong) == null, "the refused words stay in the field");
                Check.True(transcript.LastCommandError.Contains("at most 16384"), "and in the status line");
                Check.Equal("", instructions.Follow(Status(""), "Reply in Japanese.") ?? "kept", "removed elsewhere: an untouched field empties");
            });
        }

        static List<JObject> ActionsOf(string command)
        {
            JToken actions = JObject.Parse(command)["actions"];
            return actions == null ? null : new List<JObject>(((JArray)actions).Children<JObject>());
        }

        static string Labels(OwnQuickActions own)
        {
            return string.Join("|", own.Items.ConvertAll(action => action.Label + "=" + action.Prompt).ToArray());
        }

        static void OwnQuickActionsReadAddDelete(Options options)
        {
            Languages.InEnglish(() =>
            {
                var commands = new PanelCommands();
                var transcript = new Transcript();
                OwnQuickActions own = transcript.OwnActions;
                Check.Equal(0, own.Due(commands).Count, "nothing to read before a connection");
                transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":3,""status"":{""state"":""ready""},""transcript"":[]}"));
                List<string> due = own.Due(commands);
                Check.Equal(1, due.Count, "a new connection reads them once");
                Check.Equal("set_quick_actions", (string)JObject.Parse(due[0])["type"], "with set_quick_actions");
                Check.True(ActionsOf(due[0]) == null, "without actions, which only reads");
                Check.Equal(0, own.Due(commands).Count, "and only once");
                transcript.Apply(Result(due[0], true, @"""actions"":[{""label"":""Fix errors"",""prompt"":""Fix the Console errors <b>now</b>""}],""file"":""UserSettings/AgentPanel/quick-actions.json"""));
                Check.Equal("Fix errors=Fix the Console errors <b>now</b>", Labels(own), "the answer carries the list");
                Check.Equal("UserSettings/AgentPanel/quick-actions.json", own.File, "and where it is kept");
                Check.Equal("", own.Answer, "a read that succeeded says nothing");

                var status = JObject.Parse(@"{""profiles"":[{""id"":""vrchat"",""state"":""active"",""quick_actions"":[{""id"":""upload"",""label"":""Check upload"",""prompt"":""Check the avatar""}]}]}");
                Check.Equal("own.0|vrchat.upload", string.Join("|", own.Buttons(status, PanelLanguage.English).ConvertAll(action => action.Id).ToArray()),
                            "the user's own before the profiles'");

                Check.True(own.Add(commands, "  ", "a prompt") == null && own.Add(commands, "Bake", "\n") == null, "no label or no prompt: nothing is sent");
                string add = own.Add(commands, "  Bake  ", " Bake the lighting\nof every scene ");
                List<JObject> added = ActionsOf(add);
                Check.Equal("set_quick_actions", (string)JObject.Parse(add)["type"], "Add's command");
                Check.Equal(2, added.Count, "the list as it is plus the new one");
                Check.Equal("Bake", (string)added[1]["label"], "the label trimmed");
                Check.Equal("Bake the lighting\nof every scene", (string)added[1]["prompt"], "the prompt trimmed, its line break kept");
                var fields = new List<string>();
                foreach (JProperty field in added[0].Properties())
                    fields.Add(field.Name);
                Check.Equal("label,prompt", string.Join(",", fields.ToArray()), "no other fields");
                Check.True(!own.TakeAdded(), "the form stays filled until the host answers");
                transcript.Apply(Result(add, true, @"""actions"":[{""label"":""Fix errors"",""prompt"":""Fix the Console errors""},{""label"":""Bake"",""prompt"":""Bake the lighting""}],""file"":""f"""));
                Check.True(own.TakeAdded(), "then the form empties");
                Check.True(!own.TakeAdded(), "once");
                Check.Equal("Saved for this project.", own.Answer, "the host saved them");
                Check.Equal("Fix errors=Fix the Console errors|Bake=Bake the lighting", Labels(own), "the answer's list");
                string shown = own.Key;

                transcript.Apply(JObject.Parse(@"{""type"":""quick_actions"",""seq"":9,""actions"":[{""label"":""Bake"",""prompt"":""Bake the lighting""},{""label"":""Tidy"",""prompt"":""Tidy the hierarchy""}],""file"":""f""}"));
                Check.Equal("Bake=Bake the lighting|Tidy=Tidy the hierarchy", Labels(own), "another front-end's change arrives as an event");
                Check.True(own.Key != shown, "and is drawn again");
                List<JObject> kept = ActionsOf(own.Delete(commands, 0));
                Check.True(kept.Count == 1 && (string)kept[0]["label"] == "Tidy", "Delete sends the list without that one");
                Check.True(own.Delete(commands, 2) == null, "a Delete of no entry sends nothing");
                string deleteTidy = own.Delete(commands, 1);
                Check.Equal("Bake", string.Join(",", ActionsOf(deleteTidy).ConvertAll(action => (string)action["label"]).ToArray()), "the second one deleted");
                transcript.Apply(Result(deleteTidy, true, @"""actions"":[{""label"":""Bake"",""prompt"":""Bake the lighting""}]"));
                Check.Equal("Bake=Bake the lighting", Labels(own), "the host's answer is the list shown");
                Check.Equal("Saved for this project.", own.Answer, "a delete is saved too");
                Check.True(!own.TakeAdded(), "a Delete leaves the form alone");
                transcript.Apply(JObject.Parse(@"{""type"":""quick_actions"",""seq"":10,""actions"":[{""label"":""Bake"",""prompt"":""Bake the lighting""},{""label"":""Tidy"",""prompt"":""Tidy the hierarchy""}]}"));

                string refusedAdd = own.Add(commands, "Line\nbreak", "prompt");
                transcript.Apply(Result(refusedAdd, false, @"""error"":""set_quick_actions refused: action 3: the label is one line of at most 60 bytes"""));
                Check.Equal("set_quick_actions refused: action 3: the label is one line of at most 60 bytes", own.Answer, "the host's refusal, word for word");
                Check.True(own.AnswerIsRefusal, "shown as a refusal");
                Check.True(!own.TakeAdded(), "a refused Add keeps the form");
                Check.Equal("Bake=Bake the lighting|Tidy=Tidy the hierarchy", Labels(own), "and the list");

                // A file broken by hand: the read after a reconnect is refused, and says so.
                transcript.Apply(JObject.Parse(@"{""type"":""snapshot"",""protocol"":1,""seq"":20,""status"":{},""transcript"":[]}"));
                string read = own.Due(commands)[0];
                transcript.Apply(Result(read, false, @"""error"":""UserSettings/AgentPanel/quick-actions.json is not valid JSON: fix the file or delete it"""));
                Check.True(own.Answer.Contains("fix the file or delete it"), "a refused read shows why");
                PanelStrings.Language = PanelLanguage.Japanese;
                transcript.Apply(Result(own.Add(commands, "焼く", "ライトをベイクして"), true, @"""actions"":[{""label"":""焼く"",""prompt"":""ライトをベイクして""}]"));
                Check.Equal("このプロジェクトに保存しました。", own.Answer, "the answer in Japanese");
            });
        }
    }
}
