"""buildozer.spec: every requirement a recipe of the pinned python-for-android, a
checked pure-Python wheel or our own recipe; the spec's other promises (archs,
permissions, orientation, icon, entry)."""

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from android_files import ANDROID, ROOT, load  # noqa: E402

sc = load("spec_check")
SPEC = ROOT / "buildozer.spec"


def _copy(tmp_path: Path, replace: tuple[str, str] | None = None) -> Path:
    text = SPEC.read_text(encoding="utf-8")
    if replace:
        assert replace[0] in text
        text = text.replace(*replace)
    out = tmp_path / "buildozer.spec"
    out.write_text(text, encoding="utf-8")
    return out


def test_every_requirement_is_a_recipe_a_pure_wheel_or_ours():
    assert sc.problems(SPEC) == []


def test_the_recipe_list_is_of_the_pinned_tag_and_holds_the_known_recipes():
    tag, names = sc.recipe_list()
    assert tag == sc.read_spec(SPEC)["p4a.branch"]
    # the facts: these exist, zxing-cpp does not
    assert {"kivy", "numpy", "opencv", "Pillow", "pyzbar", "libzbar", "pyjnius", "android",
            "sqlite3", "pybind11"} <= names
    assert not any("zxing" in n.lower() for n in names)


@pytest.mark.parametrize("made_up", ["tablecompanion-madeup-thing==1.0", "zxing-cpp==3.1.1", "opencv-python==4.12.0.88"])
def test_a_requirement_that_is_none_of_them_fails(tmp_path, made_up):
    spec = _copy(tmp_path, ("requirements = python3", f"requirements = {made_up},python3"))
    found = sc.problems(spec)
    name = made_up.split("==")[0]
    assert len(found) == 1 and found[0].startswith(f"{name}: neither")


def test_an_unpinned_or_wrongly_pinned_wheel_fails(tmp_path):
    assert sc.problems(_copy(tmp_path, ("segno==1.6.6", "segno"))) == ["segno: not pinned (write segno==1.6.6)"]
    assert "the wheel checked is of version 1.6.6" in sc.problems(_copy(tmp_path, ("segno==1.6.6", "segno==1.5.0")))[0]


def test_a_wheel_that_is_not_pure_fails(tmp_path):
    wheels = tmp_path / "pure-wheels.txt"
    text = (ANDROID / "pure-wheels.txt").read_text(encoding="utf-8")
    wheels.write_text(text.replace("segno-1.6.6-py3-none-any.whl", "segno-1.6.6-cp314-cp314-android_24_arm64_v8a.whl"),
                      encoding="utf-8")
    assert sc.problems(SPEC, wheels=wheels) == ["segno: segno-1.6.6-cp314-cp314-android_24_arm64_v8a.whl is not "
                                                 "a pure-Python wheel"]


def test_another_p4a_tag_than_the_list_fails(tmp_path):
    found = sc.problems(_copy(tmp_path, ("p4a.branch = v2026.05.09", "p4a.branch = develop")))
    assert found and "recipe list is of 'v2026.05.09'" in found[0]


def test_our_own_recipe_counts_and_only_with_its_file(tmp_path):
    assert "pyyaml" in sc.local_recipes()
    empty = tmp_path / "recipes"
    empty.mkdir()
    assert [p.split(":")[0] for p in sc.problems(SPEC, local=empty)] == ["pyyaml"]
    shutil.copytree(ANDROID / "p4a-recipes" / "pyyaml", empty / "pyyaml")
    assert sc.problems(SPEC, local=empty) == []


def test_the_app_needs_every_pure_package_of_its_imports():
    """python-escpos, fpdf2 and the printing code's imports are in the APK (their
    runtime dependencies are not resolved on the device: each is listed)."""
    names = {sc.norm(n) for n, _v in sc.requirements(sc.read_spec(SPEC))}
    for need in ("python-escpos", "pyyaml", "qrcode", "python-barcode", "six", "appdirs", "importlib-resources",
                 "segno", "fpdf2", "defusedxml", "fonttools", "pillow", "platformdirs", "babel", "pyphen",
                 "pyserial", "tqdm", "numpy", "opencv", "pyzbar", "kivy", "pyjnius", "android", "sqlite3"):
        assert need in names, need
    assert not any("zxing" in n for n in names)  # the fallback to ZBar is by design


def test_archs_permissions_orientation_storage_and_entry():
    app = sc.read_spec(SPEC)
    assert [a.strip() for a in app["android.archs"].split(",")] == ["arm64-v8a", "armeabi-v7a"]
    perms = app["android.permissions"]
    for p in ("CAMERA", "INTERNET", "VIBRATE", "WAKE_LOCK", "BLUETOOTH_CONNECT", "android.permission.BLUETOOTH;"):
        assert p in perms, p
    assert "WRITE_EXTERNAL_STORAGE" not in perms and "BLUETOOTH_SCAN" not in perms
    assert {"portrait", "landscape"} <= {o.strip() for o in app["orientation"].split(",")}
    assert app["android.private_storage"] == "True"
    icon = ROOT / app["icon.filename"].replace("%(source.dir)s/", "")
    assert icon.is_file()
    from PIL import Image

    with Image.open(icon) as im:
        assert im.size == (512, 512)
    # the entry: main.py at source.dir, which runs the tablet app
    assert app["source.dir"] == "." and "from ui.app import run_app" in (ROOT / "main.py").read_text()
    assert "android" in [d.strip() for d in app["source.exclude_dirs"].split(",")]
    assert (ROOT / app["android.add_src"]).is_dir()


def test_the_icon_is_drawn_by_our_script():
    mk = load("make_icon")
    from PIL import ImageChops

    from PIL import Image

    with Image.open(ANDROID / "icon.png") as im:
        assert ImageChops.difference(im.convert("RGBA"), mk.draw_icon()).getbbox() is None


def test_recipe_names_are_read_from_a_wheel_and_a_tag_is_turned_into_its_pypi_version(tmp_path):
    import zipfile

    up = load("update_recipes")
    assert up.pypi_version("v2026.05.09") == "2026.5.9"
    whl = tmp_path / "p.whl"
    with zipfile.ZipFile(whl, "w") as z:
        z.writestr("pythonforandroid/recipes/kivy/__init__.py", "")
        z.writestr("pythonforandroid/recipes/kivy/patch.diff", "")
        z.writestr("pythonforandroid/recipes/Pillow/__init__.py", "")
        z.writestr("pythonforandroid/recipe.py", "")
    assert up.names_from_wheel(whl) == ["Pillow", "kivy"]
