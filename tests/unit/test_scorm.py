"""SCORM packages (ludoteca.classroom.scorm, issue 44): every manifest against the structure
its standard requires, for each standard, kind and activity; a self-contained package lists
every file it holds and holds every file it lists; activity.js says what was asked; hostile
or mistyped settings are refused in words; the engine's request makes the same zip."""

from __future__ import annotations

import base64
import io
import json
import re
import zipfile
from urllib.parse import unquote
from xml.etree import ElementTree

import pytest
from web_calls import call

from ludoteca.classroom import scorm
from ludoteca.core import OptionError

LAUNCH = {"index.html": b"<!doctype html><title>launch</title>",
          "launch.js": b"// stand-in for web/scorm/launch.js\n"}
SITE = {"index.html": b"<!doctype html>", "app.js": b"//app", "sw.js": b"//sw",
        "pyodide/pyodide.asm.wasm": b"\0asm" * 100, "i18n/es.json": b"{}",
        "games/bul/a file.svg": b"<svg/>"}
ACTIVITIES = {
    "lesson": {"type": "lesson", "game": "bakuk"},
    "puzzles": {"type": "puzzles", "game": "bul", "level": "easy", "count": 4,
                "options": {"variant": "puluc"}},
    "puzzle ids": {"type": "puzzles", "game": "buku", "ids": ["buku-3", "buku-1"]},
    "game": {"type": "game", "game": "bul", "seats": "human,casual",
             "options": {"length": "9", "variant": "puluc"}},
}
CP = {"1.2": "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
      "2004": "http://www.imsglobal.org/xsd/imscp_v1p1"}
ADLCP = {"1.2": "http://www.adlnet.org/xsd/adlcp_rootv1p2",
         "2004": "http://www.adlnet.org/xsd/adlcp_v1p3"}
IMSSS = "http://www.imsglobal.org/xsd/imsss"
XML_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*$")  # an xs:ID (an NCName)


def make(standard, kind, activity, mastery=0.8, title="Bakuk — lección"):
    settings = scorm.settings(standard, kind, "https://ludoteca.example/app/", activity,
                              title, "es", mastery)
    data = scorm.package(settings, LAUNCH, SITE if kind == "self-contained" else None)
    return settings, zipfile.ZipFile(io.BytesIO(data))


def cases():
    return [(s, k, a, m) for s in scorm.STANDARDS for k in scorm.KINDS for a in ACTIVITIES
            for m in (None, 0.8)]


@pytest.mark.parametrize(("standard", "kind", "activity", "mastery"), cases())
def test_every_manifest_has_its_standards_structure(standard, kind, activity, mastery):
    settings, archive = make(standard, kind, ACTIVITIES[activity], mastery)
    cp, adlcp = f"{{{CP[standard]}}}", f"{{{ADLCP[standard]}}}"
    root = ElementTree.fromstring(archive.read("imsmanifest.xml"))
    assert root.tag == f"{cp}manifest"
    assert root.get("{http://www.w3.org/2001/XMLSchema-instance}schemaLocation")
    assert root.find(f"{cp}metadata/{cp}schema").text == "ADL SCORM"
    version = root.find(f"{cp}metadata/{cp}schemaversion").text
    assert version == {"1.2": "1.2", "2004": "2004 4th Edition"}[standard]
    # identifiers: XML names, unique in the document
    ids = [e.get("identifier") for e in root.iter() if e.get("identifier") is not None]
    assert len(ids) == len(set(ids)) and all(XML_NAME.match(i) for i in ids)
    # the default organization exists, with a title and one item that points at the SCO
    organizations = root.find(f"{cp}organizations")
    default = organizations.get("default")
    (organization,) = [o for o in organizations.findall(f"{cp}organization")
                       if o.get("identifier") == default]
    assert organization.find(f"{cp}title").text == settings["title"]
    (item,) = organization.findall(f"{cp}item")
    assert item.find(f"{cp}title").text == settings["title"]
    (resource,) = root.findall(f"{cp}resources/{cp}resource")
    assert item.get("identifierref") == resource.get("identifier")
    scorm_type = "scormtype" if standard == "1.2" else "scormType"
    assert resource.get(f"{adlcp}{scorm_type}") == "sco"
    assert resource.get(f"{adlcp}{'scormType' if standard == '1.2' else 'scormtype'}") is None
    assert resource.get("type") == "webcontent" and resource.get("href") == "index.html"
    # what passes: 1.2's mastery score (0-100), 2004's primary objective satisfied by measure
    masteryscore = item.find(f"{adlcp}masteryscore")
    objective = item.find(f"{{{IMSSS}}}sequencing/{{{IMSSS}}}objectives/"
                          f"{{{IMSSS}}}primaryObjective")
    if mastery is None:
        assert masteryscore is None and objective is None
    elif standard == "1.2":
        assert masteryscore.text == "80" and objective is None
        assert list(item)[0].tag == f"{cp}title"  # the schema's order: title first
    else:
        assert masteryscore is None and objective.get("satisfiedByMeasure") == "true"
        assert float(objective.find(f"{{{IMSSS}}}minNormalizedMeasure").text) == 0.8
        assert objective.get("objectiveID")
    # every file listed is in the zip, and every file of the zip but the manifest is listed
    listed = [unquote(f.get("href")) for f in resource.findall(f"{cp}file")]
    assert len(listed) == len(set(listed))
    assert set(listed) == set(archive.namelist()) - {"imsmanifest.xml"}
    assert archive.namelist()[0] == "imsmanifest.xml"
    assert archive.testzip() is None


@pytest.mark.parametrize("kind", scorm.KINDS)
def test_activity_js_says_what_was_asked(kind):
    settings, archive = make("2004", kind, ACTIVITIES["game"])
    text = archive.read("activity.js").decode("ascii")
    assert text.startswith("window.LUDOTECA_SCORM = ") and text.endswith(";\n")
    found = json.loads(text.removeprefix("window.LUDOTECA_SCORM = ").removesuffix(";\n"))
    assert found == settings
    assert found["format"] == 1 and found["mastery"] == 0.8 and found["lang"] == "es"
    assert found["site"] == ("https://ludoteca.example/app/" if kind == "linked" else "site/")
    assert found["activity"] == {**ACTIVITIES["game"]}
    assert archive.read("index.html") == LAUNCH["index.html"]


def test_a_self_contained_package_holds_the_site_under_site():
    _, archive = make("1.2", "self-contained", ACTIVITIES["lesson"])
    for name, data in SITE.items():
        assert archive.read(f"site/{name}") == data
    _, linked = make("1.2", "linked", ACTIVITIES["lesson"])
    assert sorted(linked.namelist()) == ["activity.js", "imsmanifest.xml", "index.html",
                                         "launch.js"]


def test_the_same_package_is_the_same_bytes_and_keeps_its_identifier():
    first = scorm.settings("2004", "linked", "https://a.example/", ACTIVITIES["lesson"], "T")
    assert scorm.package(first, LAUNCH) == scorm.package(first, LAUNCH)
    other = scorm.settings("2004", "linked", "https://a.example/", ACTIVITIES["puzzles"], "T")
    assert scorm.identifier(first) != scorm.identifier(other)


def test_a_title_with_markup_is_text():
    settings, archive = make("1.2", "linked", ACTIVITIES["lesson"], title='<b>"A & B"</b>')
    root = ElementTree.fromstring(archive.read("imsmanifest.xml"))
    titles = [e.text for e in root.iter() if e.tag.endswith("title")]
    assert titles == ['<b>"A & B"</b>'] * 2


def test_the_address_is_the_sites_folder():
    settings = scorm.settings("1.2", "linked", "http://h.example:8000/x/index.html?a=1"[:35],
                              ACTIVITIES["lesson"], "T")
    assert settings["site"] == "http://h.example:8000/x/"
    assert scorm.file_name(settings) == "ludoteca-bakuk-lesson-scorm12-linked.zip"


BAD = [
    ({"standard": "1.3"}, "bad_request"),
    ({"kind": "zipped"}, "bad_request"),
    ({"site": "javascript:alert(1)"}, "bad_request"),
    ({"site": "file:///home/x/"}, "bad_request"),
    ({"site": "https://a.example/?x#y"}, "bad_request"),
    ({"site": None}, "bad_request"),
    ({"title": "  "}, "bad_request"),
    ({"title": "x" * 201}, "bad_request"),
    ({"lang": "fr"}, "bad_request"),
    ({"mastery": 1.5}, "bad_request"),
    ({"mastery": 0.805}, "bad_request"),
    ({"mastery": True}, "bad_request"),
    ({"activity": {"type": "lesson", "game": "chess"}}, "bad_request"),
    ({"activity": {"type": "quiz", "game": "bul"}}, "bad_request"),
    ({"activity": ["lesson"]}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "count": 0}}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "count": 101}}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "count": 71}}, "scorm_few_puzzles"),
    ({"activity": {"type": "puzzles", "game": "bul", "level": "easy", "count": 24}},
     "scorm_few_puzzles"),
    ({"activity": {"type": "puzzles", "game": "bul", "level": "easy", "count": 5,
                   "options": {"variant": "puluc"}}}, "scorm_few_puzzles"),
    ({"activity": {"type": "puzzles", "game": "bul", "count": 5,
                   "options": {"variant": "chess"}}}, "bad_rule_set"),
    ({"activity": {"type": "puzzles", "game": "bul", "count": 5,
                   "options": {"length": "9"}}}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bakuk", "count": 5,
                   "options": {"variant": "puluc"}}}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "level": "expert", "count": 3}},
     "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "ids": ["bakuk-1"]}}, "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "ids": ["bul-999"]}}, "unknown_puzzle"),
    ({"activity": {"type": "puzzles", "game": "bul", "ids": ["bul-1", "bul-1"]}},
     "bad_request"),
    ({"activity": {"type": "puzzles", "game": "bul", "ids": ["bul-1"], "level": "easy"}},
     "bad_request"),
    ({"activity": {"type": "game", "game": "bul", "seats": "casual,casual"}}, "bad_request"),
    ({"activity": {"type": "game", "game": "bul", "seats": "human"}}, "bad_request"),
    ({"activity": {"type": "game", "game": "bul", "seats": "human,genius"}}, "bad_request"),
    ({"activity": {"type": "game", "game": "bul", "seats": "human,casual",
                   "options": {"length": 9}}}, "bad_request"),
    ({"activity": {"type": "game", "game": "bul", "seats": "human,casual",
                   "options": {"length": "99"}}}, "bad_option"),
]


@pytest.mark.parametrize(("change", "code"), BAD)
def test_what_a_package_cannot_be_is_refused_in_words(change, code):
    asked = {"standard": "2004", "kind": "linked", "site": "https://a.example/",
             "activity": ACTIVITIES["lesson"], "title": "T", "lang": "es", "mastery": None,
             **change}
    with pytest.raises(OptionError) as refused:
        scorm.settings(**asked)
    assert refused.value.code == code


def test_a_path_out_of_the_site_is_refused():
    settings = scorm.settings("1.2", "self-contained", None, ACTIVITIES["lesson"], "T")
    for bad in ("../etc/passwd", "/abs", "a//b", "c:\\x", "a/./b"):
        with pytest.raises(OptionError):
            scorm.package(settings, LAUNCH, {bad: b"x"})
    with pytest.raises(OptionError):
        scorm.package(settings, LAUNCH)  # self-contained without the site
    with pytest.raises(OptionError):
        scorm.package(settings, {"index.html": b""}, SITE)  # no launch.js


def scorm_request(**change):
    asked = {"standard": "1.2", "site": "https://a.example/ludoteca/",
             "activity": {"type": "puzzles", "game": "bakuk", "level": "hard", "count": 5},
             "title": "Bakuk — puzles", "lang": "en", "mastery": 0.6,
             "launch": {"index.html": "<!doctype html>", "launch.js": "//"}}
    return call(op="scorm_package", **{**asked, **change})


def test_the_engine_makes_the_linked_package_in_the_browser():
    answer = scorm_request()
    assert answer["ok"] and answer["name"] == "ludoteca-bakuk-puzzles-scorm12-linked.zip"
    data = base64.b64decode(answer["zip"])
    assert len(data) == answer["bytes"] < 50_000
    archive = zipfile.ZipFile(io.BytesIO(data))
    settings = scorm.settings("1.2", "linked", "https://a.example/ludoteca/",
                              {"type": "puzzles", "game": "bakuk", "level": "hard",
                               "count": 5}, "Bakuk — puzles", "en", 0.6)
    assert archive.read("activity.js").decode() == scorm.activity_js(settings)
    assert b"<adlcp:masteryscore>60</adlcp:masteryscore>" in archive.read("imsmanifest.xml")


@pytest.mark.parametrize("launch", [None, {}, {"index.html": "x"}, {"index.html": "x",
                                    "launch.js": 3}, {"index.html": "x" * 200_001,
                                                      "launch.js": ""}])
def test_the_engine_refuses_launch_files_that_are_not_texts(launch):
    answer = scorm_request(launch=launch)
    assert not answer["ok"] and answer["error"]["code"] == "bad_request"
