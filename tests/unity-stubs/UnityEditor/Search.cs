// Stubs of the UnityEditor.Search (Unity Search) types the package uses, for compiling it with mcs (never run).
// Derived from Unity-Technologies/UnityCsReference, branches 2022.3 to 6000.5 (the same on each):
//   Modules/QuickSearch/Editor/SearchService.cs, SearchContext.cs, SearchItem.cs, SearchProvider.cs,
//   SearchFlags.cs, SearchList.cs (ISearchList).
// Only the members the package uses, with Unity's names and signatures; each class keeps an internal
// constructor so that no public parameterless one exists that Unity lacks.
using System;
using System.Collections.Generic;

namespace UnityEditor.Search
{
    [Flags]
    public enum SearchFlags
    {
        None = 0,
        Synchronous = 1 << 0,
        Sorted = 1 << 1,
        Default = Sorted,
    }

    public interface ISearchList : IList<SearchItem>, IDisposable
    {
    }

    public class SearchProvider
    {
        internal SearchProvider() { }
    }

    public class SearchContext : IDisposable
    {
        internal SearchContext() { }
        public void Dispose() { }
    }

    public class SearchItem
    {
        internal SearchItem() { }
        public readonly string id;
        public string GetLabel(SearchContext context, bool stripHTML = false) { throw new NotImplementedException(); }
        public string GetDescription(SearchContext context, bool stripHTML = false) { throw new NotImplementedException(); }
        public UnityEngine.Object ToObject() { throw new NotImplementedException(); }
    }

    public static class SearchService
    {
        public static SearchProvider GetProvider(string providerId) { throw new NotImplementedException(); }
        public static SearchContext CreateContext(IEnumerable<string> providerIds, string searchText = "", SearchFlags flags = SearchFlags.Default) { throw new NotImplementedException(); }
        public static ISearchList Request(SearchContext context, SearchFlags options = SearchFlags.None) { throw new NotImplementedException(); }
    }
}
