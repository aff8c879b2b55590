"""Readers of the SVG pictures for the exact tests: the picture parsed (with no stray text
between its elements), its heading, and each card face, back row and text it draws."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture: str) -> ET.Element:
    """The picture as XML, checked to hold no stray text between its elements."""
    element = ET.fromstring(picture)
    assert element.text is None
    assert all(child.tail is None for child in element.iter())
    return element


def heading(picture: str) -> tuple[str, str, str, str, str]:
    """viewBox, width, height, title and description."""
    element = parsed(picture)
    title, desc = element.find(f"{SVG}title"), element.find(f"{SVG}desc")
    assert title is not None
    assert desc is not None
    return (
        element.get("viewBox", ""),
        element.get("width", ""),
        element.get("height", ""),
        title.text or "",
        desc.text or "",
    )


def _translation(element: ET.Element) -> str:
    where = re.fullmatch(r"translate\((\S+) (\S+)\)", element.get("transform", ""))
    assert where is not None
    return f"{where[1]} {where[2]}"


def faces(picture: str) -> list[tuple[str, str, bool]]:
    """Each card face up: its name, its translation ``x y`` and whether it is outlined."""
    found = []
    for group in parsed(picture).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        outline = group.find(f"{SVG}rect")
        if title is None or outline is None or " of " not in (title.text or ""):
            continue
        found.append((title.text or "", _translation(group), outline.get("stroke-width") == "4"))
    return found


def hidden(picture: str) -> list[tuple[str, list[str]]]:
    """Each row of cards face down: its title and the translation of each back."""
    found = []
    for group in parsed(picture).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if title is not None and "hidden card" in (title.text or ""):
            found.append((title.text or "", [_translation(card) for card in group.findall(f"{SVG}g")]))
    return found


def texts(picture: str) -> list[dict[str, str]]:
    """Each ``<text>`` directly in the picture: its attributes and, as ``text``, its content."""
    return [
        {**element.attrib, "text": element.text or ""}
        for element in parsed(picture)
        if element.tag == f"{SVG}text"
    ]


def spots(picture: str) -> list[str]:
    """Each card face up as ``"JH 200 42"``: its code and translation, ``!`` after it when outlined."""
    from belote.cards import DECK
    from belote.svg import card_name

    codes = {card_name(card): str(card) for card in DECK}
    return [f"{codes[name]} {at}{'!' if lit else ''}" for name, at, lit in faces(picture)]
