"""Synthesize the short sounds shipped in boardhub/assets/ (run once; the WAVs are committed)."""
from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 22050
ASSETS = Path(__file__).resolve().parents[1] / "boardhub" / "assets"


def tone(freqs: list[float], seconds: float, decay: float, volume: float = 0.4) -> np.ndarray:
    t = np.arange(int(RATE * seconds)) / RATE
    wave_ = sum(np.sin(2 * np.pi * f * t) for f in freqs) / len(freqs)
    attack = np.minimum(1.0, t / 0.004)  # no click at the start
    return volume * wave_ * attack * np.exp(-t / decay)


def write(name: str, samples: np.ndarray) -> None:
    data = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(str(ASSETS / name), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(data.tobytes())


if __name__ == "__main__":
    write("move.wav", tone([880, 1320], 0.09, 0.025))  # a short tick
    write("box.wav", np.concatenate([tone([660], 0.07, 0.05), tone([990], 0.16, 0.07)]))  # rising pair
    write("end.wav", np.concatenate([tone([523], 0.12, 0.08), tone([659], 0.12, 0.08),
                                     tone([784, 1046], 0.35, 0.15)]))  # a short fanfare
    write("error.wav", tone([180, 190], 0.12, 0.06, 0.3))  # a low buzz for a refused click
