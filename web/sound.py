"""Short card sounds made on the spot with WebAudio oscillators and noise: no audio files."""

import random
from typing import Any

from pyodide.ffi import to_js
from pyscript import window


class Sound:
    """Off until switched on; the audio context is created on the first sound after a tap."""

    def __init__(self) -> None:
        self.on = False
        self._ctx: Any = None
        self._noise: Any = None

    def _context(self) -> Any:
        if self._ctx is None:
            make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            if make is None:
                return None
            self._ctx = make.new()
            rate = int(self._ctx.sampleRate)
            length = rate // 10
            buffer = self._ctx.createBuffer(1, length, rate)
            rng = random.Random(7)
            samples = [rng.uniform(-1, 1) * (1 - i / length) ** 3 for i in range(length)]
            buffer.copyToChannel(window.Float32Array.new(to_js(samples)), 0)
            self._noise = buffer
        if str(self._ctx.state) == "suspended":
            self._ctx.resume()
        return self._ctx

    def _tone(
        self, ctx: Any, freq: float, start: float, length: float, volume: float, kind: str = "triangle"
    ) -> None:
        osc = ctx.createOscillator()
        osc.type = kind
        osc.frequency.value = freq
        gain = ctx.createGain()
        gain.gain.setValueAtTime(volume, start)
        gain.gain.exponentialRampToValueAtTime(0.0001, start + length)
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start(start)
        osc.stop(start + length + 0.02)

    def _flick(self, ctx: Any, start: float, volume: float, pitch: float) -> None:
        source = ctx.createBufferSource()
        source.buffer = self._noise
        filt = ctx.createBiquadFilter()
        filt.type = "bandpass"
        filt.frequency.value = pitch
        filt.Q.value = 0.9
        gain = ctx.createGain()
        gain.gain.value = volume
        source.connect(filt)
        filt.connect(gain)
        gain.connect(ctx.destination)
        source.start(start)

    def play(self, name: str) -> None:
        """``play`` a card, ``select`` one, ``draw``, ``undo``, ``refuse``, ``win`` or ``lose``."""
        if not self.on:
            return
        try:
            ctx = self._context()
            if ctx is None:
                return
            now = ctx.currentTime
            if name == "play":
                self._flick(ctx, now, 0.5, 2600)
            elif name == "select":
                self._flick(ctx, now, 0.25, 3400)
            elif name == "draw":
                self._flick(ctx, now, 0.45, 1500)
            elif name == "undo":
                self._flick(ctx, now, 0.3, 900)
            elif name == "refuse":
                self._tone(ctx, 150, now, 0.12, 0.18, "square")
            elif name == "win":
                for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):
                    self._tone(ctx, freq, now + i * 0.09, 0.25, 0.18)
            elif name == "lose":
                for i, freq in enumerate((392.0, 311.1)):
                    self._tone(ctx, freq, now + i * 0.16, 0.3, 0.15)
        except Exception:
            self.on = False
