import os
import sys

HERE = os.path.dirname(__file__)
sys.path.insert(0, HERE)
# the ruling tests read reports with the DOM helper of the report tests
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "reports"))
