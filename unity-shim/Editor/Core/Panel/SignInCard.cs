// What the window's first-run card shows, from the status's sign_in: nothing while the agent can
// work, else the problem, what the host found and the one command that fixes it. The host does the
// checking; this is kept apart from the window so it is tested under mono.
using Newtonsoft.Json.Linq;

namespace AgentPanel.Panel
{
    public sealed class SignInCard
    {
        static readonly string[] Problems = { "cli_missing", "cli_too_old", "signed_out", "login_rejected", "check_failed" };

        public string State;       // One of Problems: the problem the card is about.
        public bool Checking;      // A check runs; the card stays, its button disabled, until the answer.
        public string Detail;      // The host's words: what was found, or the CLI's for a refused login.
        public string FixCommand;  // Empty when nothing is to be typed.
        public bool SubscriptionOnly;

        public string Title { get { return PanelStrings.Get("signin.title." + State); } }
        public string Explanation { get { return PanelStrings.Get("signin.explain." + State); } }

        // What the window compares to decide whether to draw the card again.
        public string Key { get { return State + "\n" + Checking + "\n" + Detail + "\n" + FixCommand + "\n" + SubscriptionOnly; } }

        // shown: the card drawn before, kept while a check runs; null when none was shown.
        public static SignInCard From(JObject status, SignInCard shown)
        {
            var signIn = status["sign_in"] as JObject;
            string state = signIn != null ? (string)signIn["state"] : null;
            bool checking = state == "checking";
            if (System.Array.IndexOf(Problems, state) < 0 && !(checking && shown != null))
                return null;
            return new SignInCard
            {
                State = checking ? shown.State : state,
                Checking = checking,
                Detail = checking ? shown.Detail : (string)signIn["detail"] ?? string.Empty,
                FixCommand = checking ? shown.FixCommand : (string)signIn["fix_command"] ?? string.Empty,
                SubscriptionOnly = (string)status["auth_mode"] == "subscription_only",
            };
        }
    }
}
