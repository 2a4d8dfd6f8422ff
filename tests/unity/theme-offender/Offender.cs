// A planted offender for theme_check.py: a class no sheet styles, and a colour set in code.
class Offender
{
    void Draw(UnityEngine.UIElements.VisualElement element)
    {
        element.AddToClassList("uap-unstyled-card");
        element.style.color = new UnityEngine.Color(1, 0, 0);
    }
}
