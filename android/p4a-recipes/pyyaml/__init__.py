"""python-for-android recipe: PyYAML without libyaml (pure Python), for python-escpos.

PyYAML publishes no pure-Python wheel and python-for-android has no recipe for it;
python-escpos reads its printer profiles with it. Its setup script builds the libyaml
extension only when asked: ``PYYAML_FORCE_LIBYAML=0`` leaves it out, so the package
is the pure-Python ``yaml`` and nothing is cross-compiled. Not built here (no Android
SDK/NDK on our machines): see docs/android.md.
"""

from pythonforandroid.recipe import PythonRecipe


class PyYAMLPureRecipe(PythonRecipe):
    version = "6.0.3"
    url = "https://pypi.python.org/packages/source/P/PyYAML/pyyaml-{version}.tar.gz"
    depends = ["setuptools"]
    site_packages_name = "yaml"
    call_hostpython_via_targetpython = False

    def get_recipe_env(self, arch=None, with_flags_in_cc=True):
        env = super().get_recipe_env(arch, with_flags_in_cc)
        env["PYYAML_FORCE_LIBYAML"] = "0"  # the pure-Python package only
        env["PYYAML_FORCE_CYTHON"] = "0"
        return env


recipe = PyYAMLPureRecipe()
