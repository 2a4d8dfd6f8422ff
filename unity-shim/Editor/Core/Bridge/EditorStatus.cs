// What the main thread is doing, readable from the socket thread. Unity's own status properties
// may only be read on the main thread, so the main thread copies them here every tick and the
// socket thread answers ping and request.status from this copy and the pump's state.
namespace AgentPanel.Bridge
{
    public sealed class EditorStatus
    {
        readonly object m_gate = new object();
        bool m_compiling, m_importing;
        string m_playMode = "edit";
        string m_modalDialog;

        public void Update(bool compiling, bool importing, string playMode, string modalDialog)
        {
            lock (m_gate)
            {
                m_compiling = compiling;
                m_importing = importing;
                m_playMode = playMode;
                m_modalDialog = modalDialog;
            }
        }

        public void Read(out bool compiling, out bool importing, out string playMode, out string modalDialog)
        {
            lock (m_gate)
            {
                compiling = m_compiling;
                importing = m_importing;
                playMode = m_playMode;
                modalDialog = m_modalDialog;
            }
        }
    }
}
