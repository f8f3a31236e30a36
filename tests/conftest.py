"""Lets test modules in every folder import the shared helpers beside this file
(``browser_support``) whatever pytest's import mode."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
