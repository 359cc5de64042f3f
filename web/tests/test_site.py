"""The site in real headless Chromium (Selenium and chromedriver), served on 127.0.0.1.

`web/test.sh` builds the site, serves target/web/ and runs these with FLIPBLOX_WEB_URL (the
site's address), FLIPBLOX_CLI (the command-line tool, whose answers the page's must equal) and
FLIPBLOX_WEB_SHOTS (where screenshots and measurements go) set.
"""

import json
import os
import re
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parents[2]
URL = os.environ.get("FLIPBLOX_WEB_URL", "http://127.0.0.1:8000/")
CLI = os.environ.get("FLIPBLOX_CLI", str(ROOT / "target/debug/flipblox"))
SHOTS = Path(os.environ.get("FLIPBLOX_WEB_SHOTS", str(ROOT / "target/web-shots")))
CHROMIUM = os.environ.get("FLIPBLOX_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("FLIPBLOX_CHROMEDRIVER", "/usr/bin/chromedriver")

WAIT = 60


def cli(*args, check=True):
    """The command-line tool's output (run from the repository's root)."""
    run = subprocess.run([CLI, *args], cwd=ROOT, capture_output=True, text=True)
    if check:
        assert run.returncode in (0, 1), run.stderr
    return run


def cli_records(*args):
    return [json.loads(line) for line in cli(*args).stdout.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    options = Options()
    options.binary_location = CHROMIUM
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium')}",
        "--window-size=1280,1000",
    ]:
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_script_timeout(300)
    yield browser
    browser.quit()


LOADS = iter(range(1, 1 << 30))


def open_page(driver, fragment):
    """Opens the site at `fragment` afresh: a new page load (a query of its own, so that it is
    never a navigation within the page before), a new worker."""
    driver.get(f"{URL}?load={next(LOADS)}{fragment}")


def answer(driver, timeout=WAIT):
    """The #answer element once it carries an answer."""
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.ID, "answer").get_attribute("data-distance") is not None
    )
    return driver.find_element(By.ID, "answer")


def error_text(driver, timeout=WAIT):
    WebDriverWait(driver, timeout).until(lambda d: d.find_element(By.ID, "error").is_displayed())
    return driver.find_element(By.ID, "error").text


def call(driver, kind, request):
    """One call of the worker, as the page makes it (window.flipblox.call)."""
    reply = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.flipblox.call(arguments[0], arguments[1])"
        ".then(done, (e) => done({thrown: String(e)}));",
        kind,
        request,
    )
    assert "thrown" not in reply, reply
    return reply


def ready(driver):
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return !!window.flipblox")
    )


def wait_answer_change(driver, before):
    WebDriverWait(driver, WAIT).until(
        lambda d: d.find_element(By.ID, "answer").get_attribute("data-distance") is not None
        and d.find_element(By.ID, "answer").text != before
    )
    return driver.find_element(By.ID, "answer")


POJ_LEVEL = (ROOT / "data/bloxorz/poj-sample.txt").read_text()


def test_flip_share_link_gives_15(driver):
    open_page(driver, "#flip?board=11111/11111/11111/11111/11111&alphabet=01&goal=0")
    a = answer(driver)
    assert a.get_attribute("data-distance") == "15"
    line = cli(
        "flip", "--path", "--board", "11111/11111/11111/11111/11111", "--alphabet", "01",
        "--goal", "0",
    ).stdout.strip()
    assert a.get_attribute("data-path") == line.split(" ", 1)[1]
    # The picture `render flip` draws, ringed presses and all.
    assert driver.find_element(By.CSS_SELECTOR, "#flip-picture svg")
    # The editor shows the board the library read: 25 cells.
    assert len(driver.find_elements(By.CSS_SELECTOR, "#flip-board button")) == 25


def test_bloxorz_share_link_gives_10(driver):
    open_page(driver, "#bloxorz?level=" + urllib.parse.quote(POJ_LEVEL, safe=""))
    a = answer(driver)
    assert a.get_attribute("data-distance") == "10"
    [record] = cli_records("bloxorz", "--json", "--path", "data/bloxorz/poj-sample.txt")
    assert a.get_attribute("data-path") == record["path"]
    for picture in ["bloxorz-animation", "bloxorz-picture", "bloxorz-field"]:
        assert driver.find_element(By.CSS_SELECTOR, f"#{picture} svg")
    # The animation is `render bloxorz --animate`'s: SMIL, played and paused by the buttons.
    assert driver.find_elements(By.CSS_SELECTOR, "#bloxorz-animation svg animate, #bloxorz-animation svg animateTransform, #bloxorz-animation svg set")
    driver.find_element(By.ID, "bloxorz-pause").click()
    assert driver.execute_script(
        "return document.querySelector('#bloxorz-animation svg').animationsPaused()"
    )


def test_unreadable_level_shows_the_cli_message(tmp_path, driver):
    bad = "3 3\n###\n#X.\n###\n0 0\n"
    open_page(driver, "#bloxorz?level=" + urllib.parse.quote(bad, safe=""))
    message = error_text(driver)
    path = tmp_path / "bad.txt"
    path.write_text(bad)
    [record] = cli_records("bloxorz", "--json", str(path))
    assert record["error"], record
    # The library's message, with its line and column, after the input's name.
    assert message == "<link>:" + record["error"]
    assert re.match(r"<link>:\d+:\d+: level 1: ", message), message
    assert driver.find_element(By.ID, "answer").get_attribute("data-distance") is None
    # The page keeps working.
    driver.find_element(By.ID, "bloxorz-text").clear()
    driver.find_element(By.ID, "bloxorz-text").send_keys(POJ_LEVEL)
    driver.find_element(By.ID, "bloxorz-solve").click()
    assert answer(driver).get_attribute("data-distance") == "10"
    assert not driver.find_element(By.ID, "error").is_displayed()


def test_unreadable_board_shows_the_cli_message(driver):
    open_page(driver, "#flip?board=bwwb/bbwb/bwxb/bwww")
    message = error_text(driver)
    record = cli_records("flip", "--json", "--board", "bwwb/bbwb/bwxb/bwww")[0]
    assert message == "--board:" + record["error"]
    assert re.match(r"--board:\d+:\d+: board 1: ", message), message


def test_click_a_board_and_solve(driver):
    open_page(driver, "#flip")
    ready(driver)
    rows = driver.find_element(By.ID, "flip-rows")
    rows.clear()
    rows.send_keys("3")
    cols = driver.find_element(By.ID, "flip-cols")
    cols.clear()
    cols.send_keys("3")
    driver.find_element(By.ID, "flip-new").click()
    for r, c in [(1, 1), (2, 2), (3, 2)]:
        driver.find_element(By.CSS_SELECTOR, f'#flip-board [data-row="{r}"][data-col="{c}"]').click()
    driver.find_element(By.ID, "flip-solve").click()
    a = answer(driver)
    [record] = cli_records("flip", "--json", "--board", "bww/wbw/wbw")
    assert a.get_attribute("data-distance") == ("" if record["distance"] is None else str(record["distance"]))
    # The share link reopens the same board.
    assert "board=bww%2Fwbw%2Fwbw" in driver.current_url or "board=bww/wbw/wbw" in driver.current_url


def test_paste_a_pack(driver):
    open_page(driver, "#bloxorz")
    ready(driver)
    text = (ROOT / "data/bloxorz/mechanics.txt").read_text()
    box = driver.find_element(By.ID, "bloxorz-text")
    driver.execute_script("arguments[0].value = arguments[1]", box, text)
    driver.find_element(By.ID, "bloxorz-solve").click()
    answer(driver)
    records = cli_records("bloxorz", "--json", "data/bloxorz/mechanics.txt")
    assert len(records) > 2
    rows = driver.find_elements(By.CSS_SELECTOR, "#bloxorz-list tbody tr")
    assert len(rows) == len(records)
    for row, record in zip(rows, records):
        par = row.find_elements(By.TAG_NAME, "td")[3].text
        expected = "Error" if record["error"] else "Impossible" if record["distance"] is None else str(record["distance"])
        assert par == expected
    # Other levels of the list: solvable and impossible.
    for k in [1, 2]:
        other = records[k]
        before = driver.find_element(By.ID, "answer").text
        rows[k].find_element(By.TAG_NAME, "button").click()
        a = wait_answer_change(driver, before)
        distance = "" if other["distance"] is None else str(other["distance"])
        assert a.get_attribute("data-distance") == distance
        assert f"index={k + 1}" in driver.current_url


def test_a_demo_from_the_list(driver):
    open_page(driver, "#bloxorz")
    ready(driver)
    WebDriverWait(driver, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#bloxorz-demo option")) > 2
    )
    driver.execute_script(
        "const s = document.getElementById('bloxorz-demo'); s.value = 'formats/drawing.txt';"
        "s.dispatchEvent(new Event('change'));"
    )
    a = answer(driver)
    records = cli_records("bloxorz", "--json", "--path", "data/bloxorz/formats/drawing.txt")
    assert a.get_attribute("data-path") == (records[0]["path"] or "")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#bloxorz-list tbody tr")) == len(records)


def test_play_with_hints_to_the_goal(driver):
    board = "wbw/bbb/wbw"
    open_page(driver, f"#flip?board={board}&mode=play")
    a = answer(driver)
    [record] = cli_records("flip", "--json", "--board", board)
    assert a.get_attribute("data-distance") == str(record["distance"])
    moves = driver.find_element(By.ID, "flip-moves")
    WebDriverWait(driver, WAIT).until(lambda d: "optimum from the start: 1" in moves.text)
    driver.find_element(By.ID, "flip-hint").click()
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#flip-board .hint"))
    hinted = driver.find_element(By.CSS_SELECTOR, "#flip-board .hint")
    r, c = record["path"][0]
    assert (hinted.get_attribute("data-row"), hinted.get_attribute("data-col")) == (str(r), str(c))
    hinted.click()
    WebDriverWait(driver, WAIT).until(lambda d: "Solved!" in d.find_element(By.ID, "flip-moves").text)
    assert "Moves: 1" in driver.find_element(By.ID, "flip-moves").text
    assert answer(driver).get_attribute("data-distance") == "0"
    # Undo goes back to the start.
    driver.find_element(By.ID, "flip-undo").click()
    WebDriverWait(driver, WAIT).until(lambda d: "Moves: 0" in d.find_element(By.ID, "flip-moves").text)
    assert answer(driver).get_attribute("data-distance") == "1"


def test_play_presses_by_the_variants_rules(driver):
    # A press on a 3-colour torus: the library's rules, checked against the CLI's answer of the
    # board the press makes.
    open_page(driver, "#flip?board=000/000/000&alphabet=012&colours=3&wrap&goal=0&mode=play")
    answer(driver)
    driver.find_element(By.CSS_SELECTOR, '#flip-board [data-row="1"][data-col="1"]').click()
    WebDriverWait(driver, WAIT).until(lambda d: "Moves: 1" in d.find_element(By.ID, "flip-moves").text)
    cells = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#flip-board button")]
    assert "".join(cells) == "111100100"
    assert "board=111%2F100%2F100" in driver.current_url


def test_bad_input_keeps_the_page_working(tmp_path, driver):
    open_page(driver, "#bloxorz")
    ready(driver)
    junk = "5000 5000\n" + "#" * 200 + "\n"
    (tmp_path / "junk").write_text(junk)
    reply = call(driver, "bloxorz", {"text": junk, "name": str(tmp_path / "junk")})
    assert reply["records"] == cli_records("bloxorz", "--json", str(tmp_path / "junk"))
    assert re.match(r"\d+:\d+: level 1: ", reply["records"][0]["error"]), reply
    reply = call(driver, "bloxorz", {"text": "\u0000\u0001binary\u00ff", "name": "junk"})
    assert reply["records"][0]["error"] or reply.get("error")
    reply = call(driver, "flip", {"text": "not a board", "name": "junk"})
    assert reply["records"][0]["error"].startswith("1:")
    reply = call(driver, "flip", {"board": ["wb"], "goal": "purple"})
    assert reply["error"].startswith("--goal purple")
    # The page still answers.
    reply = call(driver, "bloxorz", {"text": POJ_LEVEL})
    assert reply["records"][0]["distance"] == 10


def flip_inputs():
    return sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "data/flip").glob("*.txt"))


def bloxorz_inputs():
    files = sorted((ROOT / "data/bloxorz").glob("*.txt")) + sorted(
        (ROOT / "data/bloxorz/formats").glob("*")
    )
    return [p.relative_to(ROOT).as_posix() for p in files]


@pytest.mark.parametrize("path", flip_inputs())
def test_parity_flip(driver, path):
    ready(driver)
    text = (ROOT / path).read_text()
    reply = call(driver, "flip", {"text": text, "name": path, "picture": 0})
    assert reply["error"] is None
    assert reply["records"] == cli_records("flip", "--json", path)


@pytest.mark.parametrize("path", flip_inputs())
def test_parity_flip_variant(driver, path):
    ready(driver)
    text = (ROOT / path).read_text()
    options = {"goal": "white", "wrap": True}
    reply = call(driver, "flip", {"text": text, "name": path, "picture": 0, **options})
    assert reply["records"] == cli_records("flip", "--json", "--goal", "white", "--wrap", path)


@pytest.mark.parametrize("path", bloxorz_inputs())
def test_parity_bloxorz(driver, path):
    ready(driver)
    text = (ROOT / path).read_bytes().decode("utf-8")
    reply = call(driver, "bloxorz", {"text": text, "name": path, "path": True})
    assert reply["error"] is None
    assert reply["records"] == cli_records("bloxorz", "--json", "--path", path)


@pytest.mark.parametrize(
    "path", ["data/bloxorz/demo.txt", "data/bloxorz/mechanics.txt", "data/bloxorz/poj-sample.txt"]
)
def test_parity_bloxorz_analyse(driver, path):
    ready(driver)
    text = (ROOT / path).read_text()
    reply = call(driver, "bloxorz", {"text": text, "name": path, "path": True, "analyse": True})
    assert reply["records"] == cli_records("bloxorz", "--json", "--path", "--analyse", path)


def test_parity_level_pictures(driver):
    # The level's record with path and analysis, and the pictures `render` draws.
    ready(driver)
    path = "data/bloxorz/formats/drawing.txt"
    reply = call(driver, "bloxorz_level", {"text": (ROOT / path).read_text(), "name": path, "level": 3})
    [record] = [r for r in cli_records("bloxorz", "--json", "--path", "--analyse", path) if r["index"] == 3]
    assert reply["record"] == record
    animation = cli("render", "bloxorz", path, "--level", "3", "--animate", "-o", "-").stdout
    assert reply["animation_svg"] == animation
    field = cli("render", "field", path, "--level", "3", "-o", "-").stdout
    assert reply["field_svg"] == field
    level = cli("render", "bloxorz", path, "--level", "3", "-o", "-").stdout
    assert reply["level_svg"] == level
    # A level with switches has no field; its animation is still drawn.
    path = "data/bloxorz/mechanics.txt"
    reply = call(driver, "bloxorz_level", {"text": (ROOT / path).read_text(), "name": path, "level": 2})
    assert reply["field_svg"] is None and "switch" in reply["field_error"]
    animation = cli("render", "bloxorz", path, "--level", "2", "--animate", "-o", "-").stdout
    assert reply["animation_svg"] == animation
    # A level out of range: the message of `render`.
    reply = call(driver, "bloxorz_level", {"text": (ROOT / path).read_text(), "name": path, "level": 99})
    message = cli("render", "bloxorz", path, "--level", "99", "-o", "-", check=False).stderr
    assert reply["record"] is None and reply["error"] in message


def test_parity_flip_picture(driver):
    ready(driver)
    reply = call(driver, "flip", {"board": ["bwwb/bbwb/bwwb/bwww"]})
    assert reply["picture"] == cli("render", "flip", "--board", "bwwb/bbwb/bwwb/bwww", "-o", "-").stdout


def test_screenshots_and_measurements(driver):
    """Screenshots of each screen at desktop and phone widths, and the timings of the report
    (written to FLIPBLOX_WEB_SHOTS; nothing timed is asserted)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    measured = {}
    start = time.monotonic()
    open_page(driver, "#flip?board=11111/11111/11111/11111/11111&alphabet=01&goal=0")
    answer(driver)
    measured["load_to_first_answer_ms"] = int(
        driver.execute_script("return Number(document.body.dataset.firstAnswerMs)")
    )
    measured["load_to_first_answer_wall_ms"] = int((time.monotonic() - start) * 1000)
    pack = (ROOT / "data/bloxorz/mixed-small.txt").read_text()
    reply = call(driver, "bloxorz", {"text": pack, "name": "mixed-small.txt", "path": False})
    measured["mixed_small_levels"] = len(reply["records"])
    measured["mixed_small_ms_in_page"] = round(reply["ms"], 1)
    t = time.monotonic()
    cli("bloxorz", "--json", "--jobs", "1", "data/bloxorz/mixed-small.txt")
    measured["mixed_small_ms_cli_process"] = round((time.monotonic() - t) * 1000, 1)
    (SHOTS / "measurements.json").write_text(json.dumps(measured, indent=2) + "\n")

    for width, height, name in [(1280, 1000, "desktop"), (390, 844, "phone")]:
        driver.set_window_size(width, height)
        open_page(driver, "#flip?board=11111/11111/11111/11111/11111&alphabet=01&goal=0")
        answer(driver)
        driver.save_screenshot(str(SHOTS / f"web-flip-{name}.png"))
        open_page(driver, "#flip?board=wbw/bbb/wbw&mode=play")
        answer(driver)
        driver.find_element(By.ID, "flip-hint").click()
        WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#flip-board .hint"))
        driver.save_screenshot(str(SHOTS / f"web-play-{name}.png"))
        open_page(driver, "#bloxorz?level=" + urllib.parse.quote((ROOT / "data/bloxorz/demo.txt").read_text(), safe="") + "&index=2")
        answer(driver)
        driver.save_screenshot(str(SHOTS / f"web-bloxorz-{name}.png"))
        # The whole page, pictures and all.
        full = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(full + 150, 4000))
        driver.save_screenshot(str(SHOTS / f"web-bloxorz-{name}-full.png"))
    driver.set_window_size(1280, 1000)
