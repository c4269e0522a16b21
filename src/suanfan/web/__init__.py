"""The HTTP API and the web calculator page (``suanfan serve``). Needs the ``web`` extra: fastapi and uvicorn.

Nothing here is imported by ``import suanfan``: the core stays free of web dependencies.
"""
