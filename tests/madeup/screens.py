"""The made-up game's app screen (ui.hosting's contract): the players' stones and
scores, a Pass button. Kivy is imported only in :func:`app_screens`."""

from __future__ import annotations

from . import COLOURS, ID, Pass, player_name


def new_setup(players, seed: int) -> dict:
    """The journal's setup from the start screen's players (the first two seats)."""
    return {"game": ID, "players": [{"colour": c, "name": getattr(p, "name", "")}
                                    for c, p in zip(COLOURS, players)], "first_player": 0}


def app_screens(host) -> list:
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.label import Label
    from kivy.uix.screenmanager import Screen

    scr = Screen(name="madeup")
    box = BoxLayout(orientation="vertical")
    info = Label(text="")
    button = Button(text="Pass", size_hint_y=None, height=96)

    def refresh(*_a):
        st = host.state
        info.text = "  ".join(f"{player_name(st, i, host.lang)}: {s}" for i, s in enumerate(st.scores))

    def tap(*_a):
        st = host.state
        if not st.is_over:
            host.apply(Pass(st.current_player))

    button.bind(on_release=tap)
    host.listeners.append(refresh)
    box.add_widget(info)
    box.add_widget(button)
    scr.add_widget(box)
    scr.refresh = refresh
    refresh()
    return [scr]
