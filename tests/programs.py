"""External programs the tests run (other PDF readers, a browser)."""
import shutil

import pytest

# The other PDF readers and the browser the tests check pnp's output with. A missing one fails the test
# that needs it rather than skipping it: a run that could not look is not a pass. .ci/run installs them.
PROGRAMS = {"qpdf": "qpdf", "gs": "ghostscript", "mutool": "mupdf-tools", "pdftoppm": "poppler-utils",
            "pdffonts": "poppler-utils", "pdfimages": "poppler-utils", "pdftotext": "poppler-utils",
            "chromium": "chromium", "chromedriver": "chromium-driver"}


def program(name: str) -> str:
    """The path of an external program the test needs; the test fails, naming the package, where it is absent."""
    found = shutil.which(name) or (shutil.which("chromium-browser") if name == "chromium" else None)
    if found is None:
        pytest.fail(f"{name} is not installed (Debian: apt-get install {PROGRAMS.get(name, name)}; "
                    f".ci/run installs it)", pytrace=False)
    return found
