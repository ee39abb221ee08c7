from PIL import Image

from pnp.commands.build import plan_game_cards
from pnp.commands.preview import write_contact_sheet
from pnp.data.project import Project
from pnp.render.png import render_card


def test_png_is_trim_times_dpi_and_draws_the_suit_colour(repo):
    game = Project(repo).load_game("euphoria")
    faces, back = plan_game_cards(game)["kleshas"]
    img = render_card(faces["tonyoku-5"], 300)
    assert img.size == (round(63 / 25.4 * 300), round(88 / 25.4 * 300))     # 744 × 1039
    colours = img.getcolors(1 << 20)
    red = sum(n for n, (r, g, b) in colours if r > 150 and g < 90 and b < 80)
    assert red > 5000           # the title band and the big number are the suit's red
    back_img = render_card(back, 100, with_bleed=True)
    assert back_img.size == (round(69 / 25.4 * 100), round(94 / 25.4 * 100))


def test_preview_writes_a_contact_sheet(repo, tmp_path):
    game = Project(repo).load_game("terror24")
    out = write_contact_sheet(game, "incidents", tmp_path / "p.png", dpi=40)
    with Image.open(out) as img:
        assert img.width > 8 * 63 / 25.4 * 40 and img.height > 3 * 88 / 25.4 * 40
