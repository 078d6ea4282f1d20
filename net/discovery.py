"""Finding tables on the LAN: zeroconf (mDNS/DNS-SD) adverts and a browser
(design.md, "Discovery"). Typing ``host:port`` always works as well.

A hosted table is advertised as a ``_parlour._tcp.local.`` service whose TXT
properties are ``table`` (its name), ``game`` (``zatre``), ``free`` (open seats,
decimal), ``code`` (``1`` if a room code is needed, else ``0``) and ``v``
(the protocol, ``parlour.v1``).

Two backends share one interface (:class:`Backend`): :class:`ZeroconfBackend` (real
multicast, python-zeroconf's asyncio API) and :class:`FakeBackend` (in memory, for
tests: multicast never leaves a test).

::

    async with Browser(ZeroconfBackend()) as browser:
        async for change in browser.changes():      # TableSeen / TableGone
            ...
        browser.tables                              # what is visible now
"""

from __future__ import annotations

import asyncio
import socket
from typing import AsyncIterator, Callable, Protocol

import attrs

from .protocol import SUBPROTOCOL, unsafe_char

SERVICE_TYPE = "_parlour._tcp.local."


@attrs.frozen
class TableAd:
    """One advertised table: ``service`` (the unique mDNS instance name), ``name``,
    ``game``, ``free`` seats, ``code_needed``, ``host`` (an IP address) and ``port``."""

    service: str
    name: str
    game: str
    free: int
    code_needed: bool
    host: str
    port: int

    @property
    def address(self) -> str:
        """``host:port``, as typed on the join screen."""
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"

    @property
    def url(self) -> str:
        return f"ws://{self.address}"

    def properties(self) -> dict[str, str]:
        """The TXT properties advertised."""
        return {
            "table": self.name[:60], "game": self.game, "free": str(self.free),
            "code": "1" if self.code_needed else "0", "v": SUBPROTOCOL,
        }

    @classmethod
    def from_properties(cls, service: str, host: str, port: int, props: dict[str, str]) -> "TableAd | None":
        """An ad from received TXT properties; ``None`` if they are not Parlour's."""
        try:
            if props.get("v") != SUBPROTOCOL or unsafe_char(props["table"] + props["game"]):
                return None  # (not Parlour's, or a name that would break the list's lines)
            return cls(service, props["table"], props["game"], int(props["free"]),
                       props["code"] == "1", host, port)
        except (KeyError, ValueError):
            return None


@attrs.frozen
class TableSeen:
    """A table appeared, or its properties changed (same ``ad.service``)."""

    ad: TableAd


@attrs.frozen
class TableGone:
    """The table advertised as ``service`` is gone."""

    service: str


Change = TableSeen | TableGone


class Backend(Protocol):
    """What Advertiser and Browser need from a discovery mechanism."""

    async def publish(self, ad: TableAd) -> None: ...
    async def update(self, ad: TableAd) -> None: ...
    async def withdraw(self, ad: TableAd) -> None: ...
    async def watch(self, on_change: Callable[[Change], None]) -> Callable[[], "asyncio.Future[None] | None"]: ...
    async def close(self) -> None: ...


class Advertiser:
    """Advertises one table while it is hosted: :meth:`start`, :meth:`update` (free
    seats or the game changed), :meth:`stop`."""

    def __init__(self, backend: Backend, ad: TableAd) -> None:
        self.backend = backend
        self.ad = ad
        self._live = False

    async def start(self) -> None:
        await self.backend.publish(self.ad)
        self._live = True

    async def update(self, free: int | None = None, code_needed: bool | None = None,
                     game: str | None = None) -> None:
        """Advertise what changed: ``free`` seats, ``code_needed``, the ``game`` name
        (a table variant switched it); unchanged values are not sent again."""
        ad = attrs.evolve(
            self.ad,
            free=self.ad.free if free is None else free,
            game=self.ad.game if game is None else game,
            code_needed=self.ad.code_needed if code_needed is None else code_needed,
        )
        if ad != self.ad:
            self.ad = ad
            if self._live:
                await self.backend.update(ad)

    async def stop(self) -> None:
        if self._live:
            self._live = False
            await self.backend.withdraw(self.ad)


class Browser:
    """Tables as they appear and vanish. :attr:`tables` maps service -> ad;
    :meth:`changes` yields each :data:`Change` from when :meth:`start` was called."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend
        self.tables: dict[str, TableAd] = {}
        self._queue: asyncio.Queue[Change] = asyncio.Queue()
        self._stop: Callable[[], object] | None = None

    async def start(self) -> None:
        self._stop = await self.backend.watch(self._on_change)

    def _on_change(self, change: Change) -> None:
        if isinstance(change, TableSeen):
            self.tables[change.ad.service] = change.ad
        else:
            if self.tables.pop(change.service, None) is None:
                return
        self._queue.put_nowait(change)

    async def changes(self) -> AsyncIterator[Change]:
        """Each change, as it happens (forever; wrap in a timeout or cancel)."""
        while True:
            yield await self._queue.get()

    async def next_change(self, timeout: float) -> Change:
        """The next change; ``TimeoutError`` after ``timeout`` seconds."""
        return await asyncio.wait_for(self._queue.get(), timeout)

    async def stop(self) -> None:
        if self._stop is not None:
            result = self._stop()
            if asyncio.isfuture(result) or asyncio.iscoroutine(result):
                await result
            self._stop = None

    async def __aenter__(self) -> "Browser":
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()


# ---- the fake backend -----------------------------------------------------------------------


class FakeBackend:
    """An in-memory "LAN": every FakeBackend sharing one ``network`` dict sees the
    others' adverts. No sockets."""

    def __init__(self, network: dict | None = None) -> None:
        self.network: dict = network if network is not None else {"ads": {}, "watchers": []}

    def _tell(self, change: Change) -> None:
        for watcher in list(self.network["watchers"]):
            watcher(change)

    async def publish(self, ad: TableAd) -> None:
        if ad.service in self.network["ads"]:
            raise ValueError(f"{ad.service} is already advertised")
        self.network["ads"][ad.service] = ad
        self._tell(TableSeen(ad))

    async def update(self, ad: TableAd) -> None:
        self.network["ads"][ad.service] = ad
        self._tell(TableSeen(ad))

    async def withdraw(self, ad: TableAd) -> None:
        if self.network["ads"].pop(ad.service, None) is not None:
            self._tell(TableGone(ad.service))

    async def watch(self, on_change: Callable[[Change], None]) -> Callable[[], None]:
        self.network["watchers"].append(on_change)
        for ad in list(self.network["ads"].values()):
            on_change(TableSeen(ad))

        def stop() -> None:
            if on_change in self.network["watchers"]:
                self.network["watchers"].remove(on_change)

        return stop

    async def close(self) -> None:
        pass


# ---- zeroconf -------------------------------------------------------------------------------


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback (via ifaddr, which zeroconf
    itself uses); ``["127.0.0.1"]`` if there are none."""
    import ifaddr

    found = [
        str(ip.ip)
        for adapter in ifaddr.get_adapters()
        for ip in adapter.ips
        if ip.is_IPv4 and not str(ip.ip).startswith("127.")
    ]
    return found or ["127.0.0.1"]


def service_name(table: str, port: int) -> str:
    """A unique-enough instance name: the table's name plus this machine and port."""
    safe = "".join(ch for ch in table if ch.isprintable() and ch != ".")[:40] or "Parlour"
    return f"{safe} ({socket.gethostname()[:20]}:{port}).{SERVICE_TYPE}"


class ZeroconfBackend:
    """Real mDNS through python-zeroconf's asyncio API (``AsyncZeroconf``,
    ``AsyncServiceInfo``, ``AsyncServiceBrowser``). ``addresses``: the IPv4 addresses
    to advertise (default: this machine's, as zeroconf finds them)."""

    def __init__(self, addresses: list[str] | None = None) -> None:
        from zeroconf.asyncio import AsyncZeroconf

        self._zc = AsyncZeroconf()
        self._addresses = addresses
        self._infos: dict[str, object] = {}

    def _info(self, ad: TableAd):
        from zeroconf.asyncio import AsyncServiceInfo

        addresses = self._addresses or ([ad.host] if ad.host != "0.0.0.0" else lan_addresses())
        return AsyncServiceInfo(
            SERVICE_TYPE, ad.service, port=ad.port, properties=ad.properties(),
            parsed_addresses=addresses, server=f"{socket.gethostname()}.local.",
        )

    async def publish(self, ad: TableAd) -> None:
        info = self._info(ad)
        self._infos[ad.service] = info
        await self._zc.async_register_service(info, allow_name_change=True)

    async def update(self, ad: TableAd) -> None:
        info = self._info(ad)
        self._infos[ad.service] = info
        await self._zc.async_update_service(info)

    async def withdraw(self, ad: TableAd) -> None:
        info = self._infos.pop(ad.service, None)
        if info is not None:
            await self._zc.async_unregister_service(info)

    async def watch(self, on_change: Callable[[Change], None]):
        from zeroconf import ServiceStateChange
        from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo

        zc = self._zc
        pending: set[asyncio.Task[None]] = set()

        async def resolve(name: str) -> None:
            info = AsyncServiceInfo(SERVICE_TYPE, name)
            if not await info.async_request(zc.zeroconf, 3000):
                return
            props = {
                (k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else "")
                for k, v in info.properties.items()
            }
            addresses = info.parsed_addresses()
            if not addresses:
                return
            ad = TableAd.from_properties(name, addresses[0], info.port or 0, props)
            if ad is not None:
                on_change(TableSeen(ad))

        def handler(zeroconf, service_type: str, name: str, state_change) -> None:  # noqa: ANN001
            if state_change is ServiceStateChange.Removed:
                on_change(TableGone(name))
            else:
                task = asyncio.ensure_future(resolve(name))
                pending.add(task)
                task.add_done_callback(pending.discard)

        browser = AsyncServiceBrowser(zc.zeroconf, [SERVICE_TYPE], handlers=[handler])

        async def stop() -> None:
            for task in list(pending):
                task.cancel()
            await browser.async_cancel()

        return stop

    async def close(self) -> None:
        await self._zc.async_close()
