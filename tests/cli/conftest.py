import os

from lapilli.cli import main

# a wide terminal, so rich does not wrap the lines the tests look for; the consoles are set
# as well, since another test module may have made them before this file ran
os.environ["COLUMNS"] = "200"
main.console.width = main.err.width = 200
