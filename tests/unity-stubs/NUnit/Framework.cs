// Stubs of the NUnit 3 members the package's EditMode tests use, for compiling them with mcs (never
// run). Unity's Test Framework bundles NUnit 3 (com.unity.ext.nunit); these are NUnit 3's public API
// (NUnit.Framework.TestAttribute, Assert.AreEqual/IsTrue/Throws, TestDelegate), not Unity's.
using System;

namespace NUnit.Framework
{
    public delegate void TestDelegate();

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
    public class TestAttribute : Attribute { }

    public abstract class Assert
    {
        public static void AreEqual(object expected, object actual) { }
        public static void AreEqual(object expected, object actual, string message, params object[] args) { }
        public static void IsTrue(bool condition, string message, params object[] args) { }
        public static TActual Throws<TActual>(TestDelegate code) where TActual : Exception { throw new NotImplementedException(); }
    }
}
