// Stub of NUnit 3's TNode (NUnit.Framework.Interfaces, bundled by com.unity.ext.nunit): the type of
// ITestResultAdaptor.ToXml(), and WriteTo, which the Test Framework's own ResultsWriter calls on it.
using System;
using System.Xml;

namespace NUnit.Framework.Interfaces
{
    public class TNode
    {
        public void WriteTo(XmlWriter writer) { }
    }
}
