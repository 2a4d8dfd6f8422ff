// A planted window file for unity.window_strings_check_flags_a_planted_offender: a literal phrase
// on a button, one assigned to a label, and a key the catalogue does not have.
namespace AgentPanel.Window
{
    static class PlantedView
    {
        static void Build()
        {
            var button = new Button(() => { }) { text = "Send it now" };
            var label = new Label("Waiting for the editor");
            label.text = PanelStrings.Get("planted.no_such_key");
        }
    }
}
