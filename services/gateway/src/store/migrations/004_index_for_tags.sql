-- SafeInfo's collectiblesTag asks for a Safe's latest ERC721 transfer on every request: answer it
-- from an index rather than by reading all of the Safe's transfers.
CREATE INDEX transfers_by_safe_type_time ON transfers (chain_id, safe, token_type, executed_at_ms);
