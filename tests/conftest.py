"""Test session set-up: user-bet tables compile into a throwaway cache, never the user's own."""

import os
import tempfile

os.environ["ODDS_CACHE_DIR"] = tempfile.mkdtemp(prefix="odds-test-cache-")
