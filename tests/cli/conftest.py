import os

# a wide terminal, so rich does not wrap the lines the tests look for
os.environ["COLUMNS"] = "200"
