"""Picture and colour-profile files a project names: found inside the game's folder, of a kind and
size pnp can print."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..errors import Problem
from ..files import read_limited
from ..limits import MAX_ICC_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS
from ..messages import did_you_mean_file, msg
from .yamlsource import SourceMap


def icc_problem(path: Path) -> str | None:
    """Why a file cannot be a print shop's output profile (missing, not ICC, not CMYK), or None."""
    import io

    from PIL import ImageCms
    if not path.exists():
        return "not found"
    try:
        data = read_limited(path, MAX_ICC_BYTES)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    except ValueError as exc:
        return f"is {exc}"
    try:
        opened = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError):
        return "is not an ICC profile"
    profile = opened.profile
    if profile.xcolor_space.strip() != "CMYK" or profile.device_class.strip() != "prtr":
        return (f"is a {profile.xcolor_space.strip()} {profile.device_class.strip()} profile; "
                f"a print shop needs a CMYK output (prtr) profile")
    if profile.version >= 4:     # the shop files are PDF/X-1a:2001, which embeds ICC v2 only
        return (f"is an ICC v{profile.version:g} profile; the shop files are PDF/X-1a:2001, which takes ICC v2 "
                f"profiles only (use the shop's v2 profile)")
    try:        # what a build does with it first: a damaged profile may read and fail only here
        ImageCms.buildTransform(ImageCms.createProfile("sRGB"), opened, "RGB", "CMYK")
    except (OSError, ImageCms.PyCMSError):
        return "is damaged: its colour tables cannot be used"
    return None


def safe_image(folder: Path, rel: str, smap: SourceMap, path: tuple[Any, ...]) -> tuple[Path | None, Problem | None]:
    target = (folder / rel).resolve()
    try:
        target.relative_to(folder.resolve())
    except ValueError:
        return None, smap.problem(path, msg("data.image_outside", image=rel))
    if not target.is_file():
        return None, smap.problem(path, msg("data.image_not_found", image=rel, hint=did_you_mean_file(folder, rel)))
    problem = image_problem(target)
    if problem:
        return None, smap.problem(path, f"image {rel!r} {problem}")
    return target, None


def image_problem(path: Path) -> str | None:
    """Why an image cannot be printed (not an image, corrupt, too many pixels), or None.  Checked
    when the data is loaded, so validate and build both see it, with the YAML line that names it."""
    from PIL import Image, UnidentifiedImageError
    try:
        if path.stat().st_size > MAX_IMAGE_BYTES:
            return f"is larger than {MAX_IMAGE_BYTES // 1_000_000} MB"
        with Image.open(path) as img:
            w, h = img.size
            if w * h > MAX_IMAGE_PIXELS:
                return f"is {w}×{h} pixels; at most {MAX_IMAGE_PIXELS:,} pixels (scale it down)"
            if img.format not in ("PNG", "JPEG"):
                return f"is {img.format or 'an unknown'} format; use PNG or JPEG"
            img.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
        return f"cannot be read as an image ({type(exc).__name__}: {exc})" if not isinstance(
            exc, UnidentifiedImageError) else "is not a PNG or JPEG image (the file is corrupt or of another kind)"
    return None
