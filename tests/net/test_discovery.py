"""Discovery with the in-memory backend: multicast never leaves a test."""

from __future__ import annotations

import pytest

from net.cli import serve_table
from net.discovery import Advertiser, Browser, FakeBackend, TableAd, TableGone, TableSeen
from rules.zatre import GAME as ZATRE
from rules.zatre_cards import GAME as ZATRE_CARDS
from tests.net.wire import join, until



def ad(service: str = "Friday._parlour._tcp.local.", free: int = 3) -> TableAd:
    return TableAd(service, "Friday", "zatre", free, False, "192.0.2.7", 7531)


async def test_a_browser_sees_tables_appear_change_and_vanish():
    network: dict = {"ads": {}, "watchers": []}
    advertiser = Advertiser(FakeBackend(network), ad())
    async with Browser(FakeBackend(network)) as browser:
        await advertiser.start()
        seen = await browser.next_change(1)
        assert seen == TableSeen(ad()) and browser.tables[ad().service].address == "192.0.2.7:7531"
        await advertiser.update(free=1)
        assert (await browser.next_change(1)).ad.free == 1
        await advertiser.stop()
        assert await browser.next_change(1) == TableGone(ad().service)
        assert browser.tables == {}


async def test_a_browser_started_late_sees_what_is_already_there():
    network: dict = {"ads": {}, "watchers": []}
    await Advertiser(FakeBackend(network), ad()).start()
    async with Browser(FakeBackend(network)) as browser:
        assert isinstance(await browser.next_change(1), TableSeen)


def test_properties_round_trip_and_foreign_services_are_ignored():
    props = ad().properties()
    assert props == {"table": "Friday", "game": "zatre", "free": "3", "code": "0", "v": "parlour.v1"}
    assert TableAd.from_properties(ad().service, "192.0.2.7", 7531, props) == ad()
    assert TableAd.from_properties("x", "h", 1, {**props, "v": "other"}) is None
    assert TableAd.from_properties("x", "h", 1, {"v": "parlour.v1"}) is None


async def test_a_hosted_table_is_advertised_with_its_free_seats():
    network: dict = {"ads": {}, "watchers": []}
    hosted = await serve_table(ZATRE, "Friday", bind="127.0.0.1", port=0,
                               advertise=FakeBackend(network), save=False)
    async with Browser(FakeBackend(network)) as browser:
        change = await browser.next_change(1)
        # Zatre's seats are 2-4 without teams (its max_seats, 6, is for teams)
        assert change.ad.name == "Friday" and change.ad.game == "zatre" and change.ad.free == 4
        assert change.ad.port == int(hosted.url.rsplit(":", 1)[1]) and not change.ad.code_needed
        await hosted.stop()
        assert isinstance(await browser.next_change(1), TableGone)


def test_lan_addresses_are_ipv4_strings():
    from net.discovery import lan_addresses

    addresses = lan_addresses()
    assert addresses and all(a.count(".") == 3 for a in addresses)


async def test_a_hosted_table_says_where_to_join():
    hosted = await serve_table(ZATRE, "Friday", bind="127.0.0.1", port=0, advertise=False, save=False)
    assert hosted.join_address == hosted.url.removeprefix("ws://")
    await hosted.stop()


async def test_the_advert_follows_the_tables_game_and_seats():
    network: dict = {"ads": {}, "watchers": []}
    hosted = await serve_table(ZATRE_CARDS, "Friday", bind="127.0.0.1", port=0,
                               advertise=FakeBackend(network), save=False)
    async with Browser(FakeBackend(network)) as browser:
        first = (await browser.next_change(1)).ad
        assert (first.game, first.free) == ("zatre-cards", 4)
        ann = await join(hosted, "Ann", host=True)
        await ann.say("/option cardgame off")  # a table hosted as the card game goes back
        await until(lambda: ann.lobby is not None and ann.lobby.game == "zatre", what="back to Zatre")
        assert ann.game is ZATRE and hosted.table.game is ZATRE
        assert (await browser.next_change(1)).ad.game == "zatre"
        await ann.say("/option teams on")
        assert (await browser.next_change(1)).ad.free == 6
        await ann.close()
        await hosted.stop()
