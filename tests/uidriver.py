"""Driving the app headless with synthetic events, as a player's mouse and keys would."""
import time

import pygame


def click(app, pos, button=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(0.016)


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.frame(0.016)


def frames(app, n=5, sleep=0.0):
    for _ in range(n):
        app.frame(0.016)
        time.sleep(sleep)
