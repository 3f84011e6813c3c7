"""The web app, ``hoyle serve`` (an interface layer, with the ``web`` extra): the table
store (:mod:`hoyle.web.store`), the tables of any registered game
(:mod:`hoyle.web.tables`) and the FastAPI app with its pages and table socket
(:mod:`hoyle.web.app`). Nothing here names a game: everything comes from the registry."""
